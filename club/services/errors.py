"""The ways a service refuses a change. Every one is a Django ValidationError, so a form can
show it (`form.add_error(None, err)`; an error raised for a field lands on that field) and a
management command or the admin can print its messages."""

from django.core.exceptions import ValidationError
from django.utils.translation import gettext

from club.notation import table_and_round


class ServiceError(ValidationError):
    """A service refused a change; nothing was written. The messages say why and what to
    do instead."""


class Refused(ServiceError):
    """The change breaks a rule (a locked session, a pair of another session, ...)."""


class MissingHcp(ServiceError):
    """A result cannot be scored: its board has no NS HCP yet."""

    def __init__(self, board_number, field=None):
        self.board_number = board_number
        text = gettext("Board %(board)s has no NS HCP yet: enter the high-card points of "
                       "North-South (0-40).") % {"board": board_number}
        super().__init__({field: [text]} if field else text, code="missing_hcp")


class DuplicateResult(ServiceError):
    """A pair already has a result on this board; `existing` is that result."""

    def __init__(self, existing, pair):
        self.existing = existing
        self.pair = pair
        super().__init__(self.describe(), code="duplicate")

    def describe(self):
        existing, session = self.existing, self.existing.board.session
        opponent = (existing.ew_pair if existing.ns_pair_id == self.pair.pk
                    else existing.ns_pair)
        return gettext("Pair %(pair)s already has a result on board %(board)s: %(result)s "
                       "against %(opponent)s%(where)s.") % {
            "pair": session.pair_label(self.pair.number),
            "board": existing.board.number,
            "result": existing.text,
            "opponent": session.pair_label(opponent.number),
            "where": table_and_round(existing, session),
        }


class StaleResult(ServiceError):
    """The result changed (or was deleted) since the form was loaded; `current` is what is
    stored now (None when deleted)."""

    def __init__(self, current):
        self.current = current
        super().__init__(gettext("Someone changed this result meanwhile."), code="stale")


class StaleValue(ServiceError):
    """A value changed since the form was loaded (two directors at once); `current` is
    what is stored now."""

    def __init__(self, message, current, field=None):
        self.current = current
        super().__init__({field: [message]} if field else message, code="stale")
