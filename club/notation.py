"""Bridge notation in the active language: contracts, seats and vulnerability are shown in
Russian notation on Russian pages (3БК, С/В/Ю/З) and in English notation otherwise.
Entry accepts both notations in both languages (the engine's parsers do)."""

from django.utils import translation
from django.utils.translation import gettext as _

from scoring.engine import Direction, Vulnerability, format_result


def notation():
    """"ru" on Russian pages, "en" otherwise."""
    return "ru" if (translation.get_language() or "").startswith("ru") else "en"


def contract_display(contract):
    """"4♠X" / "3NT", or "4♠Х" / "3БК" in Russian; a passed-out board says so."""
    if contract is None:
        return _("Pass")
    return contract.display(notation=notation())


def seat_display(seat):
    """"N" or "С"; empty for no seat."""
    if not seat:
        return ""
    return Direction.coerce(seat).display(notation=notation())


def vulnerability_display(vulnerability):
    if not vulnerability:
        return ""
    return Vulnerability.coerce(vulnerability).display(notation=notation())


def result_display(contract, declarer, tricks):
    """A result in the director's shorthand, in the active notation ("4♠X-2 E", "3БК= Ю")."""
    return format_result(contract, declarer or None, tricks, notation=notation())
