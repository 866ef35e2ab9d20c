"""Template filters for bridge notation and numbers in the active language (see
club.notation): the director's pages write them as the public pages do."""

from django import template
from django.utils.html import format_html
from django.utils.safestring import mark_safe

from club import notation

register = template.Library()


@register.filter
def item(mapping, key):
    """mapping[key], or None: a value of a dict keyed by a row's number (masterpoints)."""
    return mapping.get(key) if mapping else None


@register.filter
def radio_input(radio):
    """One radio button of a form's field (a BoundWidget): the <input> Django's widget
    templates would give (its attributes in their order, as attrs.html writes them),
    without rendering three templates per button: the table's board page has 36."""
    data = radio.data
    attributes = "".join(
        format_html(" {}", name) if value is True else format_html(' {}="{}"', name, value)
        for name, value in data["attrs"].items() if value is not False)
    return format_html('<input type="{}" name="{}" value="{}"{}>', data["type"], data["name"],
                       data["value"], mark_safe(attributes))  # each part escaped above


@register.filter
def contract_display(contract):
    return notation.contract_display(contract)


@register.filter
def seat_display(seat):
    return notation.seat_display(seat)


@register.filter
def vulnerability_display(vulnerability):
    return notation.vulnerability_display(vulnerability)


@register.filter
def signed(value):
    """+3 / −3 / 0: scores, compensation and IMPs."""
    return notation.signed(value)


@register.filter
def result_display(result):
    """A Result's table result in the active notation ("4♠X−2 E", "Pass"); the adjusted
    scores of a board not played ("A+/A−")."""
    return notation.table_result_display(result)


@register.filter
def assigned_display(result):
    return notation.assigned_display(result)


@register.filter
def table_label(table, session):
    """A table as the room knows it: its number, after its section's letter (B2)."""
    return session.table_label(table) if table else table


@register.filter
def table_labels(tables, session):
    """"1, 3" or, with sections, "A1, B3": tables as the room knows them."""
    return ", ".join(session.table_label(table) for table in tables)
