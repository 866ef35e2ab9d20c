"""The one exception the engine raises for bad input, and the translation marker.

Engine messages are English templates with ``%(name)s`` placeholders. Each raise site
wraps its template literal in :func:`_`, which does nothing at run time but lets Django's
``makemessages`` find the literal. The Django layer translates later::

    except ContractError as err:
        message = gettext(err.template) % err.params
"""

from __future__ import annotations

from typing import Any


def _(message: str) -> str:
    """Mark ``message`` for translation and return it unchanged (like ``gettext_noop``)."""
    return message


class ContractError(ValueError):
    """Bad input to the scoring engine: a contract, seat, result, HCP, table or board.

    ``template`` is the untranslated message, ``params`` the values for its placeholders;
    ``str(err)`` is ``template % params``.
    """

    def __init__(self, template: str, **params: Any) -> None:
        self.template = template
        self.params = params
        super().__init__(template % params)

    def __reduce__(self):
        # Keep template and params when pickled (e.g. across processes).
        return (_rebuild, (self.template, self.params))


def _rebuild(template: str, params: dict[str, Any]) -> ContractError:
    return ContractError(template, **params)


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
