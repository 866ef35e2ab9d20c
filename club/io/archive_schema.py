"""Reading a session archive's text: the JSON, its format version, and the structure of
each part as pydantic models (docs/export-format.md) -- the type, range or choices of every
field -- with a translated message, named by where it is, for each problem found.

Checks across items (a pair listed twice, a result naming an unknown board) and parsing
contracts and deals stay in club.io.archive, after these models accepted an item.
"""

import datetime
import json
import re
import sys
from decimal import Decimal, InvalidOperation
from functools import lru_cache
from typing import Annotated, Any, Literal

from django.utils.translation import gettext as _
from pydantic import (
    AfterValidator,
    BaseModel,
    ConfigDict,
    Field,
    ValidationError,
    WrapValidator,
    create_model,
    model_validator,
)
from pydantic_core import PydanticCustomError

from club.io.files import ImportFailed
from club.models import (
    ADJUSTMENTS,
    ARRANGEMENTS,
    ARROW_SWITCHES,
    MOVEMENTS,
    POLICIES,
    RANKINGS,
    SEATS,
    STRAINS,
    VULNERABILITIES,
    Board,
    Session,
)
from club.models.choices import NO_ARROW_SWITCH, ONE_WINNER, PLAIN, values
from club.models.players import NAME_MAX_LENGTH, Player
from club.models.teams import (
    MAX_CARRY_OVER,
    MAX_MEMBERS,
    MAX_TEAM_NUMBER,
    MIN_MEMBERS,
    Team,
    TieBreak,
)
from club.schedule import (
    MAX_BOARD_NUMBER,
    MAX_BOARDS_PER_ROUND,
    MAX_PAIRS,
    MAX_PARTNERSHIPS,
    MAX_ROUNDS,
    MAX_TABLES,
)
from scoring.engine import MAX_HCP, MAX_TRICKS
from scoring.models import CompensationTable

FORMAT_VERSION = 1  # bump when the format changes

# The session's size limits are the model's (club.models.sessions, through club.schedule),
# as for every other writer; each session's own boards and pairs are narrower still
# (session_models).
# An individual's partnerships are numbered by round and table, up to MAX_PARTNERSHIPS.
MAX_PAIR_NUMBER = max(MAX_PAIRS, MAX_PARTNERSHIPS)
# Results entered on the result page may name any table and round up to 999
# (club/forms/entry.py).
MAX_TABLE_OR_ROUND = 999
# Above any bridge score (7600 at most), and the net score still fits an integer column.
MAX_COMPENSATION = 10_000
MAX_CONTRACT_LENGTH = 20  # "7NTXX" is five; room for spaces and other alphabets

ISO_DATE = re.compile(r"\d{4}-\d{2}-\d{2}", re.ASCII)
# PostgreSQL cannot store NUL; a lone surrogate (JSON "\ud800") is not text at all and
# cannot even be shown on a page.
UNSTORABLE = re.compile("[\x00\ud800-\udfff]")
# An opening lead as club.forms.table_phones.parse_lead stores it: suit, then rank ("SK", "HT").
LEAD = re.compile("[SHDC][AKQJT2-9]", re.ASCII)


def problem(message):
    """A validation error that is already the message to show (translated)."""
    return PydanticCustomError("problem", "{problem}", {"problem": message})


def storable(text):
    if UNSTORABLE.search(text):
        raise PydanticCustomError("unstorable", "a character that cannot be stored")
    return text


def iso_date(text):
    try:
        if ISO_DATE.fullmatch(text):
            return datetime.date.fromisoformat(text)
    except ValueError:
        pass
    raise problem(_("“%(date)s” is not a date written as YYYY-MM-DD.") % {"date": text})


def session_name(text):
    if not text.strip():
        raise problem(_("the session needs a name."))
    return text


def player_name(text):
    if not text.strip():
        raise problem(_("a player needs a name."))
    return text


def opening_lead(text):
    if text and not LEAD.fullmatch(text):
        raise problem(_("“lead” is “%(lead)s”; expected a card written suit then rank, such "
                        "as \"SK\" or \"HT\", or \"\" when not known.") % {"lead": text})
    return text


# Field types, named like types since the models use them as such.

def Text(max_length, *checks):
    """Text a database column of that length stores, passed through `checks` in turn."""
    return Annotated[str, Field(max_length=max_length), AfterValidator(storable),
                     *map(AfterValidator, checks)]


def Whole(low, high):
    return Annotated[int, Field(ge=low, le=high)]


def OneOf(choices):
    """One of a choices list's stored values (never typed again here)."""
    return Literal[tuple(choices)]


def length(model, field):
    return model._meta.get_field(field).max_length


Seat = OneOf(values(SEATS))
Adjustment = OneOf(["", *values(ADJUSTMENTS)])


def carry_over(value):
    """A knockout's carry-over: a whole number or a half within MAX_CARRY_OVER."""
    try:
        number = Decimal(value)
    except InvalidOperation:
        number = None
    if number is None or not number.is_finite() or number * 2 != int(number * 2) \
            or abs(number) > MAX_CARRY_OVER:
        raise problem(_("a carry-over is a whole number or a half from -%(max)d to %(max)d, "
                        "as text (“-3.5”); got “%(value)s”.")
                      % {"max": MAX_CARRY_OVER, "value": value})
    return value


class Strict(BaseModel):
    """Values exactly as JSON types them: 3.0 is no pair number, true no 1, "3" no 3."""

    model_config = ConfigDict(strict=True)


class Archive(Strict):
    """The document's parts; each is checked on its own, so one bad part hides no other."""

    session: dict[str, Any]
    pairs: list[Any]
    boards: list[Any]
    results: list[Any]
    # A Swiss pairs session's rounds as started (club.models.SwissSeat); other sessions,
    # and archives written before Swiss pairs, have none.
    swiss_seats: list[Any] = []
    # A teams session's teams, matches and knockout (club.models.teams); other sessions,
    # and archives written before teams events, have none.
    teams: list[Any] = []
    team_matches: list[Any] = []
    knockout: dict[str, Any] | None = None


class SessionIn(Strict):
    name: Text(length(Session, "name"), session_name)
    date: Text(10, iso_date)
    status: OneOf(Session.Status.values)
    movement: OneOf(values(MOVEMENTS))
    tables: Whole(1, MAX_TABLES)
    rounds: Whole(1, MAX_ROUNDS)
    boards_per_round: Whole(1, MAX_BOARDS_PER_ROUND)
    duplicated: bool
    policy: OneOf(values(POLICIES))
    # Archives written before sessions had them have none: the movement as it was.
    arrangement: OneOf(values(ARRANGEMENTS)) = PLAIN
    arrow_switch: OneOf(values(ARROW_SWITCHES)) = NO_ARROW_SWITCH
    ranking: OneOf(values(RANKINGS)) = ONE_WINNER
    # "3x3,4x3": the tables x rounds of each section (club.models.sessions); "" for none.
    sections: Text(length(Session, "sections")) = ""
    compensation_table: dict[str, Any]  # checked as TableIn, named "compensation table"


class TableIn(Strict):
    name: Text(length(CompensationTable, "name"))
    # The engine checks the rows make a table (21 to 40 HCP, rising values, ...).
    rows: list[Annotated[list[Whole(0, MAX_COMPENSATION)], Field(min_length=3, max_length=3)]]


class PlayerIn(Strict):
    name: Text(NAME_MAX_LENGTH, player_name)
    membership_number: Text(length(Player, "membership_number"))


class PairIn(Strict):
    number: Whole(1, MAX_PAIR_NUMBER)
    players: Annotated[list[PlayerIn], Field(min_length=2, max_length=2)]


class BoardIn(Strict):
    number: Whole(1, MAX_BOARD_NUMBER)
    dealer_override: OneOf(["", *values(SEATS)])
    vulnerability_override: OneOf(["", *values(VULNERABILITIES)])
    deal: Text(length(Board, "deal"))
    ns_hcp: Whole(0, MAX_HCP) | None


def null_when_passed_out(value, validate, info):
    """Declarer and tricks may be null only when the contract is (or is itself bad)."""
    if value is None and info.data.get("contract") is None:
        return None
    return validate(value)


class PlayIn(Strict):
    """A contract as played or assigned: contract text, declarer and tricks, or all three
    null for a passed-out board."""

    contract: Text(MAX_CONTRACT_LENGTH) | None
    declarer: Annotated[Seat, WrapValidator(null_when_passed_out)] = None
    tricks: Annotated[Whole(0, MAX_TRICKS), WrapValidator(null_when_passed_out)] = None

    @model_validator(mode="after")
    def complete(self):
        if self.contract is None and (self.declarer is not None or self.tricks is not None):
            raise problem(_("a passed-out board (contract null) has no declarer and no "
                            "tricks."))
        if self.contract is not None and (self.declarer is None or self.tricks is None):
            raise problem(_("expected “contract”, “declarer” and “tricks”."))
        return self


class ResultIn(PlayIn):
    board: Whole(1, MAX_BOARD_NUMBER)
    round: Whole(1, MAX_TABLE_OR_ROUND) | None
    table: Whole(1, MAX_TABLE_OR_ROUND) | None
    ns: Whole(1, MAX_PAIR_NUMBER)
    ew: Whole(1, MAX_PAIR_NUMBER)
    ns_hcp: Whole(0, MAX_HCP) | None
    ns_adjustment: Adjustment
    ew_adjustment: Adjustment
    assigned: PlayIn | None = None
    # Archives written before boards could be "not played", or before the opening lead
    # was kept, have no such key.
    not_played: bool = False
    lead: Text(3, opening_lead) = ""


class SwissSeatIn(Strict):
    """One pair's seat in one Swiss round: its table, opponents and direction, or, for
    the pair with the bye, table and opponents null and north_south false."""

    round: Whole(1, MAX_ROUNDS)
    table: Whole(1, MAX_TABLES) | None
    pair: Whole(1, MAX_PAIR_NUMBER)
    opponents: Whole(1, MAX_PAIR_NUMBER) | None
    north_south: bool


class TeamIn(Strict):
    """A team: its number, name, captain (one of its players) and 4 to 6 players."""

    number: Whole(1, MAX_TEAM_NUMBER)
    name: Text(length(Team, "name"))
    captain: PlayerIn
    players: Annotated[list[PlayerIn], Field(min_length=MIN_MEMBERS, max_length=MAX_MEMBERS)]


class TeamMatchIn(Strict):
    """A match of a round by team numbers (away null: the bye, number 0) and its line-ups'
    pair numbers (null until set)."""

    round: Whole(1, MAX_ROUNDS)
    number: Whole(0, MAX_TEAM_NUMBER)
    home: Whole(1, MAX_TEAM_NUMBER)
    away: Whole(1, MAX_TEAM_NUMBER) | None
    open_ns: Whole(1, MAX_PAIR_NUMBER) | None
    open_ew: Whole(1, MAX_PAIR_NUMBER) | None
    closed_ns: Whole(1, MAX_PAIR_NUMBER) | None
    closed_ew: Whole(1, MAX_PAIR_NUMBER) | None


class KnockoutIn(Strict):
    """A knockout's carry-over (a whole number or a half, as text: "-3.5") and tie-break."""

    carry_over: Text(6, carry_over)
    tie_break: OneOf(TieBreak.values)


class ParIn(Strict):
    score: Whole(-MAX_COMPENSATION, MAX_COMPENSATION)
    contracts: list[Text(MAX_CONTRACT_LENGTH)]


# The double-dummy tricks of each strain, for declarers N, E, S and W.
DoubleDummyIn = create_model("DoubleDummyIn", __base__=Strict, **{
    strain: (Annotated[list[Whole(0, MAX_TRICKS)], Field(min_length=4, max_length=4)], ...)
    for strain in values(STRAINS)})


class AnalysisIn(Strict):
    """A board's double-dummy table and par as the archive writes them
    (club.io.archive.board_analysis); read only when a restore keeps them as stored."""

    double_dummy: DoubleDummyIn
    par: ParIn


@lru_cache(maxsize=256)
def pair_model(high):
    """PairIn for a session seating pairs 1 to `high`."""
    return create_model("PairIn", __base__=PairIn, number=(Whole(1, high), ...))


@lru_cache(maxsize=256)
def board_model(high):
    """BoardIn for a session playing boards 1 to `high`."""
    return create_model("BoardIn", __base__=BoardIn, number=(Whole(1, high), ...))


# --- messages -------------------------------------------------------------------------------

# Fields whose shape problems are best said in one sentence.
SHAPES = {
    "players": lambda: _("“players” must list the two players."),
    "rows": lambda: _("“rows” must be a list of [HCP, not vulnerable, vulnerable]."),
    "contract": lambda: _("“contract” must be text such as \"4SX\", or null for a "
                          "passed-out board."),
    **dict.fromkeys(values(STRAINS), lambda: _(
        "each strain of “double_dummy” lists the tricks of declarers N, E, S and W (four "
        "whole numbers from 0 to 13).")),
}
OUT_OF_RANGE = {"greater_than_equal", "less_than_equal", "string_too_long"}


def messages(model, err, where):
    """(place, problem) for each error of a pydantic ValidationError of `model`: the place is
    `where` (the item) or its assigned result, the problem names the field."""
    for error in err.errors(include_url=False):
        place, loc = where, error["loc"]
        if loc[:1] == ("assigned",):
            place, loc = _("%(where)s, assigned result") % {"where": where}, loc[1:]
        yield place, describe(model, error, loc)


def describe(model, error, loc):
    """The problem of one error; `loc` is where it is inside the place named."""
    kind, ctx = error["type"], error.get("ctx", {})
    key = next((part for part in reversed(loc) if isinstance(part, str)), None)
    if kind == "problem":
        return ctx["problem"]
    if kind in ("unstorable", "string_unicode"):  # pydantic itself refuses lone surrogates
        return unstorable_message(key, error["input"])
    if kind == "missing":
        if len(loc) > 1 and isinstance(loc[-2], str):  # inside an object of the item
            return _("“%(key)s” is missing from “%(parent)s”.") % {"key": key,
                                                                 "parent": loc[-2]}
        return _("“%(key)s” is missing.") % {"key": key}
    if key in SHAPES and kind not in OUT_OF_RANGE:
        return SHAPES[key]()
    if kind in ("dict_type", "model_type", "model_attributes_type"):
        if key is None:
            return _("expected an object, not %(value)s.") % {"value": shown(error["input"])}
        return _("“%(key)s” must be an object.") % {"key": key}
    if kind == "list_type":
        return _("“%(key)s” must be a list.") % {"key": key}
    return _("“%(key)s” is %(value)s; expected %(expected)s.") % {
        "key": key, "value": shown(error["input"]),
        "expected": expected(field_schema(model, error["loc"]))}


def unstorable_message(key, text):
    """Why the text of `key` cannot be stored: the first character no database keeps."""
    bad = UNSTORABLE.search(text)
    return _("“%(key)s” contains the character %(char)s, which cannot be stored.") % {
        "key": key, "char": f"U+{ord(bad.group()):04X}" if bad else "?"}


def escaped(text):
    """`text` with its lone surrogates escaped, so that a message can be printed."""
    return text.encode("utf-8", "backslashreplace").decode("utf-8")


def shown(value):
    """A JSON value as a message quotes it: short, lone surrogates escaped."""
    if isinstance(value, str):
        value = value[:60]
    try:
        text = json.dumps(value, ensure_ascii=False)[:60]
    except (RecursionError, ValueError):
        text = "…"
    return escaped(text)


@lru_cache(maxsize=64)
def json_schema(model):
    return model.model_json_schema()


def field_schema(model, loc):
    """The JSON schema of the field at `loc`, and whether it may be null."""
    schema = json_schema(model)
    node = schema
    for part in loc:
        node = resolve(schema, node)[0]
        node = node["items"] if isinstance(part, int) else node["properties"][part]
    return resolve(schema, node)


def resolve(schema, node):
    branches = node.get("anyOf", [node])
    nullable = {"type": "null"} in branches
    node = next(branch for branch in branches if branch != {"type": "null"})
    if "$ref" in node:
        node = schema["$defs"][node["$ref"].rsplit("/", 1)[1]]
    return node, nullable


def expected(field):
    """What a field takes, as the messages say it ("a whole number from 0 to 13 or null")."""
    node, nullable = field
    if "enum" in node:
        text = _("one of %(choices)s") % {
            "choices": ", ".join(json.dumps(c, ensure_ascii=False) for c in node["enum"])}
    elif node.get("type") == "integer":
        text = _("a whole number from %(low)s to %(high)s") % {
            "low": node["minimum"], "high": node["maximum"]}
    elif node.get("type") == "boolean":
        text = _("true or false")
    else:
        text = _("text of at most %(max)s characters") % {"max": node.get("maxLength", "…")}
    return _("%(text)s or null") % {"text": text} if nullable else text


# --- reading ------------------------------------------------------------------------------

class Problems(list):
    """Every problem of a document, each named by where it is (translated text)."""

    def add(self, where, problem):
        self.append(_("%(where)s: %(problem)s") % {"where": where, "problem": problem})


def parse_json(text, filename):
    """The JSON document of a file's text (a session archive or a backup); ImportFailed,
    with a message, for what JSON or Python cannot read (not JSON, nested too deeply, a
    number of thousands of digits)."""
    try:
        return json.loads(text)
    except json.JSONDecodeError as err:
        message = _("%(file)s is not valid JSON: %(problem)s (line %(line)s, column "
                    "%(column)s).") % {"file": filename, "problem": err.msg,
                                       "line": err.lineno, "column": err.colno}
        raise ImportFailed([message]) from None
    except RecursionError:
        raise ImportFailed([_("%(file)s is nested too deeply to be read.")
                            % {"file": filename}]) from None
    except ValueError:  # an integer beyond Python's limit of digits it converts
        raise ImportFailed([_("%(file)s holds a number of more than %(digits)s digits, which "
                              "cannot be read.")
                            % {"file": filename, "digits": sys.get_int_max_str_digits()}]
                           ) from None


def load(text, filename):
    """The JSON document of an archive's text, its format version checked."""
    document = parse_json(text, filename)
    if not isinstance(document, dict) or "format_version" not in document:
        raise ImportFailed([_("%(file)s is not a session archive (no “format_version”).")
                            % {"file": filename}])
    version = document["format_version"]
    if type(version) is not int or version != FORMAT_VERSION:
        raise ImportFailed([_("%(file)s has format version %(version)s; this site reads "
                              "version %(supported)s.")
                            % {"file": filename, "version": shown(version),
                               "supported": FORMAT_VERSION}])
    return document


def check(model, data, where, problems):
    """(the item validated by `model` or None, the fields of `data` that passed), its
    problems added -- a bad item's good number still counts, so that the items naming it
    are not blamed too."""
    try:
        return model.model_validate(data), data
    except ValidationError as err:
        for place, problem in dict.fromkeys(messages(model, err, where)):
            problems.add(place, problem)  # a sentence once, not once per bad row
        if not isinstance(data, dict):
            return None, {}
        faulted = {error["loc"][0] for error in err.errors() if error["loc"]}
        return None, {key: value for key, value in data.items()
                      if key in model.model_fields and key not in faulted}
