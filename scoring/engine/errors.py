"""The engine's exceptions, one per kind of bad input, and the translation marker.

Every engine error is a :class:`BridgeError` (a ``ValueError``) carrying an English
``template`` with ``%(name)s`` placeholders and its ``params``; ``str(err)`` is
``template % params``. Each raise site wraps its template literal in :func:`_`, which does
nothing at run time but lets Django's ``makemessages`` find the literal, so the Django layer
can translate later::

    except BridgeError as err:
        message = gettext(err.template) % err.params

The kinds: :class:`ContractError` (contract and result notation, tricks), :class:`SeatError`
(seats), :class:`BoardError` (board numbers, vulnerability, HCP, policy, points),
:class:`CompensationTableError`, :class:`MovementError` and :class:`DealError`.
"""

from __future__ import annotations

from typing import Any


def _(message: str) -> str:
    """Mark ``message`` for translation and return it unchanged (like ``gettext_noop``)."""
    return message


class BridgeError(ValueError):
    """Bad input to the engine; the base of every engine error.

    ``template`` is the untranslated message, ``params`` the values for its placeholders.
    """

    def __init__(self, template: str, **params: Any) -> None:
        self.template = template
        self.params = params
        super().__init__(template % params)

    def __reduce__(self):
        # Keep the class, template and params when pickled (e.g. across processes).
        return (_rebuild, (type(self), self.template, self.params))


def _rebuild(cls: type[BridgeError], template: str, params: dict[str, Any]) -> BridgeError:
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
