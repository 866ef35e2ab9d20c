"""The engine's exceptions, one per kind of bad input, and the translation marker.

Every engine error is a :class:`BridgeError` (a ``ValueError``) carrying an English
``template`` with ``%(name)s`` placeholders and its ``params``; ``str(err)`` is
``template % params``. Each raise site wraps its template literal in :func:`_`, which does
nothing at run time but lets Django's ``makemessages`` find the literal, so the Django layer
can translate later::

    except BridgeError as err:
        message = gettext(err.template) % err.params

A message with a count in it ("at most 1 round", "at most 3 rounds") is marked with
:func:`ngettext` instead: its ``template`` is then a :class:`Plural` holding both English
forms and the name of the parameter that chooses between them, and the Django layer
translates it with Django's ``ngettext`` (``scoring.messages.bridge_message``).

The kinds: :class:`ContractError` (contract and result notation, tricks), :class:`SeatError`
(seats), :class:`BoardError` (board numbers, vulnerability, HCP, policy, points),
:class:`CompensationTableError`, :class:`MovementError` and :class:`DealError`.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any


def _(message: str) -> str:
    """Mark ``message`` for translation and return it unchanged (like ``gettext_noop``)."""
    return message


@dataclass(frozen=True)
class Plural:
    """A message with a count: its English singular and plural forms, and the name of the
    parameter (``count``) whose value chooses the form."""

    singular: str
    plural: str
    count: str

    def english(self, params: dict[str, Any]) -> str:
        return self.singular if params[self.count] == 1 else self.plural


def english(template: str | Plural, params: dict[str, Any]) -> str:
    """The English message of ``template`` (the form its count takes) filled with ``params``."""
    form = template.english(params) if isinstance(template, Plural) else template
    return form % params


def ngettext(singular: str, plural: str, count: str) -> Plural:
    """Mark a message with a count for translation with its plural forms. Named like
    Django's ``ngettext`` so that ``makemessages`` finds both forms; ``count`` names the
    parameter that chooses the form (Russian has three)."""
    return Plural(singular, plural, count)


class BridgeError(ValueError):
    """Bad input to the engine; the base of every engine error.

    ``template`` is the untranslated message (a :class:`Plural` when it holds a count),
    ``params`` the values for its placeholders.
    """

    def __init__(self, template: str | Plural, **params: Any) -> None:
        self.template = template
        self.params = params
        super().__init__(english(template, params))

    def __reduce__(self):
        # Keep the class, template and params when pickled (e.g. across processes).
        return (_rebuild, (type(self), self.template, self.params))


def _rebuild(cls: type[BridgeError], template: str | Plural, params: dict[str, Any]) -> BridgeError:
    return cls(template, **params)


class ContractError(BridgeError):
    """A contract, a result in shorthand, a number of tricks or a notation that is wrong."""


class SeatError(BridgeError):
    """A seat (declarer, dealer) that is missing or unknown."""


class BoardError(BridgeError):
    """A board number, a vulnerability, HCP, a compensation policy or a points figure."""


class CompensationTableError(BridgeError):
    """A compensation table whose rows are incomplete, out of order or malformed."""


class MovementError(BridgeError):
    """A movement that cannot be built for the given tables, pairs and rounds."""


class DealError(BridgeError):
    """A deal (hand record) that cannot be read or is not a full, valid deal."""


def describe(value: Any) -> str:
    """A short description of a value for an error message: its repr, cut to 40 characters."""
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


def check_passed_out(declarer: Any, tricks: Any) -> None:
    """A passed-out board (no contract) must come without a declarer and tricks."""
    if declarer is not None or tricks is not None:
        raise ContractError(
            _(
                "A passed-out board has no declarer and no tricks; got declarer %(declarer)s "
                "and tricks %(tricks)s."
            ),
            declarer=describe(declarer),
            tricks=describe(tricks),
        )
