"""The engine's error messages in the active language. The engine keeps each message's
English template, with both forms when it holds a count (scoring.engine.errors.Plural),
and its parameters; this is the one place that translates them."""

from django.utils.translation import gettext, ngettext

from scoring.engine import Plural


def bridge_message(err):
    """An engine BridgeError's message in the active language."""
    template = err.template
    if isinstance(template, Plural):
        count = err.params[template.count]
        return ngettext(template.singular, template.plural, count) % err.params
    return gettext(template) % err.params
