"""A session's life: created, its setup and scoring rules changed, then started, finished,
published and perhaps reopened. Each change is one service function; the setup pages, the
entry pages, the admin and the commands all call these."""

from django.db import transaction
from django.db.models import Max
from django.utils.translation import gettext, ngettext

from club.models import Pair, Result, Session
from club.models.choices import INDIVIDUAL, TEAMS
from club.plan import SessionPlan
from club.queries import boards_with_results
from club.schedule import MAX_PAIRS, listing, mitchell_reseating, movement_option_problems
from club.services.boards import sync_boards
from club.services.errors import Refused
from club.services.individual import sync_partnerships
from club.services.locks import lock_session
from club.services.masterpoints import award_session
from club.services.scoring import rescore_session
from club.services.table_phones import issue_missing_codes
from club.services.teams import schedule_change_problems

SCORING_FIELDS = ("compensation_table", "policy")
# What decides who plays which boards where: fixed once results exist.
MOVEMENT_FIELDS = ("movement", "tables", "boards_per_round", "arrangement", "arrow_switch",
                   "sections")


def create_session(fields):
    """A new session in setup, with the boards its setup needs."""
    with transaction.atomic():
        session = Session(**fields)
        problems = movement_option_problems(session)
        if problems:
            raise Refused(problems)
        session.full_clean(exclude=["status"])
        session.save()
        sync_boards(session)
    return session


def setup_change_problems(session, fields, pair_numbers):
    """({field or None: [messages]}, reseating) for changing a stored session's setup to
    `fields`: every registered pair keeps a seat (a Mitchell keeps each pair at its seat,
    renumbering the EW pairs when the tables change), and once results exist the
    movement, tables and boards per round stay, and no board or round with results goes."""
    problems = {}
    if session.is_locked:
        problems[None] = [gettext("This session is %(status)s: reopen it before changing "
                                  "its setup.") % {"status": session.get_status_display()}]
        return problems, {}
    after = Session(**{name: fields.get(name, getattr(session, name)) for name in (
        *MOVEMENT_FIELDS, "rounds", "ranking")})
    problems = movement_option_problems(after) or schedule_change_problems(session, after)
    if problems:
        return problems, {}
    problems = individual_change_problems(session, after, pair_numbers)
    if problems:
        return problems, {}
    reseating = {}
    if session.sections or after.sections:
        # A pair keeps its number only where it keeps its seat (A3NS stays A3NS).
        lost = [session.pair_label(n) for n in sorted(pair_numbers)
                if n > 2 * after.tables or after.pair_label(n) != session.pair_label(n)]
        if lost:
            problems["sections"] = [gettext(
                "Pairs %(pairs)s would lose their seats with these sections: withdraw or "
                "move them first.") % {"pairs": listing(lost)}]
            return problems, {}
        lost = []
    elif session.movement == after.movement == Session.Movement.MITCHELL:
        reseating = mitchell_reseating(pair_numbers, session.tables, after.tables)
        # Pair n sits at table n (NS) or n - tables (EW); that table must still exist.
        lost = [session.pair_label(n) for n in sorted(pair_numbers)
                if (n if n <= session.tables else n - session.tables) > after.tables]
    elif session.movement == TEAMS:
        lost = []  # a teams line-up's pairs have no seat of their own (club.services.teams)
    else:
        lost = sorted(str(n) for n in pair_numbers if n > 2 * after.tables)
    if lost:
        problems["tables"] = [gettext(
            "Pairs %(pairs)s have no seat with %(tables)d tables: withdraw or move them "
            "first.") % {"pairs": listing(lost), "tables": after.tables}]
        return problems, {}
    played = boards_with_results(session)
    if not played:
        return problems, reseating
    if any(getattr(after, f) != getattr(session, f) for f in MOVEMENT_FIELDS):
        problems[None] = [gettext(
            "Results exist on boards %(boards)s, so the movement, the number of tables, "
            "the boards per round, the even-table arrangement and the arrow-switch can no "
            "longer change.") % {"boards": listing(played)}]
        return problems, {}
    total = SessionPlan.of_numbers(after, pair_numbers).board_total
    lost_boards = [n for n in played if n > total]
    last_round = Result.objects.filter(board__session=session).aggregate(
        last=Max("round"))["last"] or 0
    if lost_boards:
        problems["rounds"] = [gettext(
            "Results exist on boards %(boards)s, which this setup no longer has.")
            % {"boards": listing(lost_boards)}]
    elif last_round > after.rounds:
        problems["rounds"] = [gettext(
            "Results exist for round %(round)d, so the session cannot have fewer rounds.")
            % {"round": last_round}]
    return problems, reseating


def individual_change_problems(session, after, pair_numbers):
    """{field: [messages]} against turning a session with registered pairs into an
    individual, an individual with entrants into a pairs session, or, once play has
    started, an individual into one its players do not fit (more rounds than their
    movement has)."""
    if after.movement == INDIVIDUAL and session.movement != INDIVIDUAL and pair_numbers:
        return {"movement": [gettext("Pairs are registered for this session: withdraw them "
                                     "before making it an individual, where players enter "
                                     "on their own.")]}
    if (session.movement == INDIVIDUAL and after.movement != INDIVIDUAL
            and session.individual_entries.exists()):
        return {"movement": [gettext("Players have entered this individual: withdraw them "
                                     "before changing its movement.")]}
    if (session.movement == after.movement == INDIVIDUAL
            and session.status != Session.Status.SETUP):
        # Once play has started the players keep a movement that seats them.
        problems = SessionPlan(after, entries=session.individual_entries.all()
                               ).individual_problems
        if problems:
            return {"rounds": problems}
    return {}


def update_session(session_id, fields):
    """Change a session's setup and scoring rules. Pairs of a Mitchell whose table count
    changed are reseated, every result is rescored when the table or policy changed (with
    history), and boards are created or deleted to fit. Returns (session, how many
    outcomes changed). Raises Refused naming the fields at fault."""
    with transaction.atomic():
        session = lock_session(session_id)
        numbers = list(session.pairs.filter(partnership=False)
                       .values_list("number", flat=True))
        problems, reseating = setup_change_problems(session, fields, numbers)
        if problems:
            raise Refused(problems)
        # Tables compare by pk (lock_session loaded the session's).
        scoring_changed = any(getattr(session, name) != fields[name]
                              for name in SCORING_FIELDS if name in fields)
        for name, value in fields.items():
            setattr(session, name, value)
        session.full_clean(exclude=["status"])
        session.save()
        if reseating:
            renumber_pairs(session, reseating)
        rescored = rescore_session(session) if scoring_changed else 0
        if session.movement == INDIVIDUAL:
            sync_partnerships(session)  # its rounds make its partnerships (and boards)
        else:
            sync_boards(session)
    return session, rescored


def renumber_pairs(session, mapping):
    """Give the session's pairs new numbers ({old: new}, the new numbers all distinct).

    One pair at a time, each onto a number no pair holds: the database checks uniqueness
    row by row, and the size limit on pair numbers leaves no room above them to pass
    through. Pairs that swap numbers (a cycle) go through a number nobody holds."""
    pairs = {p.number: p for p in session.pairs.all()}
    moves = {old: new for old, new in mapping.items() if old in pairs and new != old}

    def move(old, new):
        pair = pairs.pop(old)
        Pair.objects.filter(pk=pair.pk).update(number=new)
        pairs[new] = pair

    while moves:
        ready = [old for old, new in moves.items() if new not in pairs]
        for old in ready:
            move(old, moves.pop(old))
        if not ready:  # only cycles left: one of their pairs steps aside
            old, new = moves.popitem()
            spare = next(n for n in range(1, MAX_PAIRS + 1) if n not in pairs)
            move(old, spare)
            moves[spare] = new


# --- status ----------------------------------------------------------------------------------

SESSION_TRANSITIONS = {
    # action: (statuses it starts from, status it leads to)
    "start": (("setup",), "running"),
    "finish": (("running",), "finished"),
    "publish": (("finished",), "published"),
    "reopen": (("finished", "published"), "running"),
    "unpublish": (("published",), "finished"),
}


def change_status(session_id, action):
    """Move a session through setup -> running -> finished -> published (reopen goes back
    to running; unpublish takes a published session back to finished, off the public
    pages). Starting play needs pairs that fit the movement and creates the boards
    the schedule needs. The change is recorded in the session's history. Raises Refused
    when the action does not apply now. Starting play also gives every table without a
    code its code, so the cards can be printed at once."""
    sources, target = SESSION_TRANSITIONS.get(action, ((), None))
    with transaction.atomic():
        session = lock_session(session_id)
        if session.status not in sources:
            raise Refused(gettext(
                "That status change does not apply to a session that is %(status)s: a "
                "session goes from setup to running (start play), to finished, to "
                "published; a finished or published session can be reopened, a published "
                "one unpublished.") % {
                    "status": session.get_status_display()})
        if action == "start":
            plan = SessionPlan.load(session)
            problems = plan.setup_problems
            if problems:
                raise Refused(gettext(
                    "Play cannot start: the registered pairs do not fit the movement yet "
                    "(%(problems)s); complete the session's setup.") % {
                        "problems": " ".join(p.rstrip(".") for p in problems)})
        was_published = session.status == Session.Status.PUBLISHED
        session.status = target
        session.save(update_fields=["status"])
        if was_published or target == Session.Status.PUBLISHED:
            # Masterpoints follow publication: awarded now, or taken back (with history).
            award_session(session, {"publish": gettext("session published"),
                                    "unpublish": gettext("session unpublished"),
                                    "reopen": gettext("session reopened")}[action])
        if action == "start":
            sync_boards(session, plan)
            issue_missing_codes(session)
    return session


def deletion_refusal(session, results_confirmed=None):
    """Why this session cannot be deleted, or "" when it can. A session without results
    (made by mistake) goes at once. One with results (imported by mistake, say) goes with
    them only when it is not published and the director has confirmed how many results go
    with it: `results_confirmed` must be the number it has now, so a result entered
    between the question and the answer stops the deletion."""
    count = Result.objects.filter(board__session=session).count()
    if not count:
        return ""
    if session.status == Session.Status.PUBLISHED:
        return ngettext(
            "The session “%(name)s” is published and has %(count)s result: unpublish it "
            "first, then delete it with its result.",
            "The session “%(name)s” is published and has %(count)s results: unpublish it "
            "first, then delete it with its results.", count) % {
                "name": session.name, "count": count}
    if results_confirmed != count:
        return ngettext(
            "The session “%(name)s” has %(count)s result; confirm that it goes with the "
            "session to delete them both.",
            "The session “%(name)s” has %(count)s results; confirm that they go with the "
            "session to delete them all.", count) % {"name": session.name, "count": count}
    return ""


def delete_session(session_id, results_confirmed=None):
    """Delete a session made or imported by mistake with its pairs, boards and results
    (deletion_refusal says when it may); the history keeps every deleted row, the
    session's with the number of results that went with it. Returns the deleted session."""
    with transaction.atomic():
        session = lock_session(session_id)
        refusal = deletion_refusal(session, results_confirmed)
        if refusal:
            raise Refused(refusal)
        count = results_confirmed or 0
        session._change_reason = ngettext(
            "deleted by the director with its %(count)s result",
            "deleted by the director with its %(count)s results", count) % {"count": count}
        # Results protect the pairs they name: they go first (each into the history).
        Result.objects.filter(board__session=session).delete()
        session.delete()
    return session
