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
from scoring.engine.movements import Arrangement

SEAT_NAMES = {Direction.N: _("North"), Direction.E: _("East"), Direction.S: _("South"),
               Direction.W: _("West")}
SEATS = [(seat.value, SEAT_NAMES[seat]) for seat in Direction]

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
# Swiss pairs (docs/scoring.md, "Swiss pairs"): no movement of the engine's; its seatings
# are the rounds the director starts, stored (club.models.swiss) and read by club.plan.
SWISS = "swiss"
# Teams (docs/teams-and-individuals.md, "In the product: teams events"): its seatings are
# the stored matches' rooms (club.models.teams), read by club.plan.
TEAMS = "teams"
# An individual (docs/teams-and-individuals.md, "In the product"): players enter, and the
# engine's individual movement seats them; its partnerships are stored as Pair rows.
INDIVIDUAL = "individual"
# Movements whose rounds the director gives (no movement of the engine's counts them).
STORED_ROUNDS = ("free", SWISS, TEAMS)
MOVEMENTS = [*((kind.value, _MOVEMENT_NAMES[kind]) for kind in MovementKind),
             (SWISS, _("Swiss pairs")), (TEAMS, _("teams")), (INDIVIDUAL, _("individual"))]

# A Mitchell on an even number of tables: "plain" is the Mitchell as it always was (the
# engine's plain Mitchell skips on an even number of tables), the others are the director's
# explicit choice of the engine's arrangements. Any other session is "plain".
PLAIN = "plain"
_ARRANGEMENT_NAMES = {
    Arrangement.SKIP: _("skip: the EW pairs skip a table halfway; one round fewer than "
                        "tables, every board set in play each round"),
    Arrangement.RELAY: _("relay and bye stand: tables 1 and the last share a board set, one "
                         "set rests on a stand; as many rounds as tables, every board "
                         "played"),
}
ARRANGEMENTS = [(PLAIN, _("plain Mitchell")),
                *((arrangement.value, _ARRANGEMENT_NAMES[arrangement])
                  for arrangement in Arrangement)]

NO_ARROW_SWITCH, LAST_ROUND = "none", "last"
ARROW_SWITCHES = [(NO_ARROW_SWITCH, _("none: the pairs keep their direction")),
                  (LAST_ROUND, _("the last round: every pair plays it in the other "
                                 "direction"))]

ONE_WINNER, TWO_WINNERS = "one", "two"
RANKINGS = [(ONE_WINNER, _("one winner: NS and EW pairs ranked in one list")),
            (TWO_WINNERS, _("two winners: the NS pairs and the EW pairs ranked apart"))]

_POLICY_NAMES = {
    Policy.LINE: _("line: the stronger line owes compensation"),
    Policy.DECLARER: _("declarer: only when the declaring line is stronger"),
}
POLICIES = [(policy.value, _POLICY_NAMES[policy]) for policy in Policy]


def values(choices):
    """The stored values of a choices list, for a check constraint."""
    return [value for value, _label in choices]
