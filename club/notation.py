"""Bridge notation in the active language: contracts, seats and vulnerability are shown in
Russian notation on Russian pages (3БК, С/В/Ю/З) and in English notation otherwise.
Entry accepts both notations in both languages (the engine's parsers do). Every page, the
director's and the public ones, writes numbers and results the same way: a typographic
minus ("−140"), "Pass" ("Пас") for a passed-out board; a count with its noun in the
plural form its number takes ("1 pair", "5 pairs"; Russian has three forms)."""

from django.utils import translation
from django.utils.formats import number_format
from django.utils.html import format_html
from django.utils.safestring import mark_safe
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from scoring.engine import (
    BridgeError,
    Direction,
    Strain,
    Vulnerability,
    format_adjusted,
    format_result,
    hand_hcp,
    parse_deal,
    parse_result,
)
from scoring.engine.analysis import SEATS as DD_SEATS
from scoring.engine.analysis import STRAINS as DD_STRAINS
from scoring.engine.analysis import DoubleDummy
from scoring.messages import bridge_message  # noqa: F401  (the pages' one import for notation)

# Each noun's forms written out, so that makemessages finds them.
COUNTED = {
    "pairs": lambda n: ngettext("%(count)s pair", "%(count)s pairs", n),
    "results": lambda n: ngettext("%(count)s result", "%(count)s results", n),
    "boards": lambda n: ngettext("%(count)s board", "%(count)s boards", n),
    "sessions": lambda n: ngettext("%(count)s session", "%(count)s sessions", n),
    "players": lambda n: ngettext("%(count)s player", "%(count)s players", n),
    "compensation tables": lambda n: ngettext("%(count)s compensation table",
                                              "%(count)s compensation tables", n),
}


def counted(noun, count):
    """"1 pair", "5 pairs": a count of one of the nouns of COUNTED in its plural form, for
    a sentence listing several counts (one ngettext can hold only one)."""
    return COUNTED[noun](count) % {"count": count}


def notation():
    """"ru" on Russian pages, "en" otherwise."""
    return "ru" if (translation.get_language() or "").startswith("ru") else "en"


def shorthand_notation():
    """For results in the director's shorthand: plain ASCII ("4SX-2 E") in English."""
    return "ru" if notation() == "ru" else "ascii"


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


def signed(value):
    """+3 / −3 / 0 with the sign a reader expects; "—" for no value."""
    if value is None:
        return "—"
    if isinstance(value, float):
        # "1.43" in English, "1,43" in Russian.
        text = number_format(abs(value), decimal_pos=2)
    else:
        text = str(abs(value))
    return f"+{text}" if value > 0 else f"−{text}" if value < 0 else text


def result_display(contract, declarer, tricks):
    """A result in the director's shorthand, in the active notation ("4♠X-2 E", "3БК= Ю")."""
    return format_result(contract, declarer or None, tricks, notation=notation())


def played_display(contract, declarer, tricks):
    """A result as the public pages write it, from the same pieces: "4♠X−2 E", "3БК= Ю",
    "Pass" ("Пас")."""
    if contract is None:
        return contract_display(None)
    return f"{contract_display(contract)}{outcome_text(contract, tricks)} {seat_display(declarer)}"


def adjusted_display(ns_adjustment, ew_adjustment):
    """A board not played as pages show it: "A+/A−", "Ср+/Ср−" in Russian."""
    return format_adjusted(ns_adjustment, ew_adjustment, notation=notation())


def table_result_display(result):
    """A stored result's table result as pages show it (played_display), or the adjusted
    scores of a board not played (adjusted_display)."""
    if result.not_played:
        return adjusted_display(result.ns_adjustment, result.ew_adjustment)
    return played_display(result.contract, result.declarer, result.tricks)


def assigned_display(result):
    """A stored result's assigned result as pages show it; "" without one."""
    if not result.assigned:
        return ""
    return played_display(result.assigned_contract, result.assigned_declarer,
                          result.assigned_tricks)


def analysis_display(board):
    """A board's double-dummy table (strains down, declarers across) and par as the pages
    show them; None while its deal has no analysis."""
    if not board.double_dummy:
        return None
    table = DoubleDummy.from_text(board.double_dummy)
    return {
        "seats": [seat_display(seat) for seat in DD_SEATS],
        "rows": [(strain_html(strain), [table.tricks_for(strain, seat) for seat in DD_SEATS])
                 for strain in DD_STRAINS],
        "par_score": signed(board.par_score),
        "par_contracts": [par_contract_html(text) for text in board.par_contracts.split(", ")
                          if text and text != "PASS"],
    }


def par_contract_html(text):
    """A stored par contract ("4SX-1 N") in the active notation."""
    contract, declarer, tricks = parse_result(text)
    return format_html("{}{} {}", contract_html(contract), outcome_text(contract, tricks),
                       seat_display(declarer))


_contract_html = {}


def strain_html(strain):
    """ "<span class="suit-S">♠</span>" (red suits coloured by the stylesheet), "NT" or, on
    Russian pages, "БК"."""
    strain = Strain(strain)
    if strain is Strain.NT:
        return "БК" if notation() == "ru" else "NT"
    return format_html('<span class="suit-{}">{}</span>', strain.value, strain.symbol)


def contract_html(contract):
    """ "4<span class="suit-S">♠</span>X" in the active notation ("3БК", "4♠Х" in Russian);
    "Pass" for a passed-out board."""
    if contract is None:
        return _("Pass")
    key = (contract, notation())
    html = _contract_html.get(key)
    if html is None:
        if contract.strain is Strain.NT:
            html = contract.display(notation=key[1])
        else:
            doubled = contract.display(notation=key[1])[2:]  # "X"/"XX", "Х"/"ХХ" or ""
            html = format_html("{}{}{}", contract.level, strain_html(contract.strain), doubled)
        _contract_html[key] = html = mark_safe(html)
    return html


def outcome_text(contract, tricks):
    """ "=", "+1", "−2" against the contract; "" for a pass."""
    if contract is None:
        return ""
    difference = tricks - contract.tricks_needed
    return "=" if difference == 0 else f"{difference:+d}".replace("-", "−")


def table_and_round(result, session=None):
    """' (table 2, round 1)', ' (table 2)', ' (round 1)' or '' for messages; the table
    named by its section (' (table B2)') when the `session` has sections."""
    table = session.table_label(result.table) if session and result.table else result.table
    if result.table and result.round:
        return _(" (table %(table)s, round %(round)s)") % {
            "table": table, "round": result.round}
    if result.table:
        return _(" (table %(table)s)") % {"table": table}
    if result.round:
        return _(" (round %(round)s)") % {"round": result.round}
    return ""


def lead_display(lead):
    """"SK" → "♠K", "HT" → "♥10": a stored opening lead (club.forms.table_phones.parse_lead)
    as players read it."""
    if not lead:
        return ""
    symbols = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}
    return symbols.get(lead[0], lead[0]) + lead[1:].replace("T", "10")


_SUITS = (("♠", "suit-S"), ("♥", "suit-H"), ("♦", "suit-D"), ("♣", "suit-C"))
_SEATS = (("n", "N"), ("e", "E"), ("s", "S"), ("w", "W"))


def hands(deal):
    """The hand diagram of a PBN deal, for the hand records and the board report:
    {seat: {"suits": [(symbol, css, cards)], "hcp"}} of a PBN deal, None without one."""
    if not deal:
        return None
    try:
        parsed = parse_deal(deal)
    except BridgeError:
        return None
    return {key: {"suits": [(symbol, css, " ".join(cards).replace("T", "10") or "—")
                            for (symbol, css), cards in zip(_SUITS, parsed[seat], strict=True)],
                  "hcp": hand_hcp(parsed[seat])}
            for key, seat in _SEATS}
