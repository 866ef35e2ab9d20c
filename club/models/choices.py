"""The bridge vocabulary of the database, derived from the engine's enums: the stored values
come from the engine, the labels are translated here. Check constraints use the same
lists, so a value the engine does not know can never be stored."""

from django.utils.translation import gettext_lazy as _

from scoring.engine import (
    Adjustment,
    Direction,
    Doubling,
    MovementKind,
    Policy,
    Strain,
    Vulnerability,
)

_SEAT_NAMES = {Direction.N: _("North"), Direction.E: _("East"), Direction.S: _("South"),
               Direction.W: _("West")}
SEATS = [(seat.value, _SEAT_NAMES[seat]) for seat in Direction]

STRAINS = [(strain.value, _("NT") if strain is Strain.NT else strain.symbol)
           for strain in Strain]

_DOUBLING_NAMES = {Doubling.UNDOUBLED: "—", Doubling.DOUBLED: _("doubled"),
                   Doubling.REDOUBLED: _("redoubled")}
DOUBLINGS = [(doubling.value, _DOUBLING_NAMES[doubling]) for doubling in Doubling]

_VULNERABILITY_NAMES = {
    Vulnerability.NONE: _("None vulnerable"), Vulnerability.NS: _("NS vulnerable"),
    Vulnerability.EW: _("EW vulnerable"), Vulnerability.BOTH: _("All vulnerable"),
}
VULNERABILITIES = [(v.value, _VULNERABILITY_NAMES[v]) for v in Vulnerability]

# The engine marks these labels for translation; gettext_lazy translates them on display.
ADJUSTMENTS = [(adjustment.value, _(adjustment.label)) for adjustment in Adjustment]

_MOVEMENT_NAMES = {MovementKind.MITCHELL: _("Mitchell"), MovementKind.HOWELL: _("Howell"),
                   MovementKind.FREE: _("free seating")}
MOVEMENTS = [(kind.value, _MOVEMENT_NAMES[kind]) for kind in MovementKind]

_POLICY_NAMES = {
    Policy.LINE: _("line: the stronger line owes compensation"),
    Policy.DECLARER: _("declarer: only when the declaring line is stronger"),
}
POLICIES = [(policy.value, _POLICY_NAMES[policy]) for policy in Policy]


def values(choices):
    """The stored values of a choices list, for a check constraint."""
    return [value for value, _label in choices]
