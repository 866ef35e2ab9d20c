"""Form fields the director's forms share."""

from django import forms


def numeric_input(size, **attrs):
    """A plain text box for a whole number: a number spinner eats the arrow keys and hides
    what was typed; phones still open their digit keyboard (inputmode)."""
    return forms.TextInput(attrs={"inputmode": "numeric", "autocomplete": "off", "size": size,
                                  **attrs})


def whole_number_field(label, message, *, min_value, max_value, size, required=True):
    """An integer field in a plain text box with one message for every way it can be
    wrong (`message` names what is accepted)."""
    return forms.IntegerField(
        label=label, required=required, min_value=min_value, max_value=max_value,
        error_messages={"required": message, "invalid": message, "min_value": message,
                        "max_value": message},
        widget=numeric_input(size),
    )
