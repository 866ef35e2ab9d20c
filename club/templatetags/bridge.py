"""Template filters for bridge notation in the active language (see club.notation)."""

from django import template

from club import notation

register = template.Library()


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
def result_display(result):
    """A Result's table result in the director's shorthand, in the active notation."""
    return notation.result_display(result.contract, result.declarer, result.tricks)


@register.filter
def assigned_display(result):
    if not result.assigned:
        return ""
    return notation.result_display(result.assigned_contract, result.assigned_declarer,
                                   result.assigned_tricks)
