"""Property tests (hypothesis) over IMPs, compensation, boards and the parsers."""

from itertools import accumulate

from hypothesis import given
from hypothesis import strategies as st

from scoring.engine import (
    ALL_CONTRACTS,
    MOSCOW,
    BridgeError,
    CompensationTable,
    Direction,
    Policy,
    Vulnerability,
    format_result,
    imps,
    parse_contract,
    parse_result,
    score_board,
)
from scoring.engine.errors import english

points = st.integers(min_value=-20_000, max_value=20_000)
contracts = st.sampled_from(ALL_CONTRACTS)
seats = st.sampled_from(list(Direction))
tricks = st.integers(min_value=0, max_value=13)
hcps = st.integers(min_value=0, max_value=40)
notations = st.sampled_from(["ascii", "en", "ru"])


@st.composite
def tables(draw):
    """A random valid table: non-decreasing columns, multiples of 10, vul >= not vul."""
    steps = st.lists(st.integers(0, 30), min_size=20, max_size=20)
    not_vul = [10 * v for v in accumulate(draw(steps))]
    extra = [10 * v for v in draw(steps)]
    vul: list[int] = []
    for nv, more in zip(not_vul, extra, strict=True):
        vul.append(max(vul[-1] if vul else 0, nv) + more)
    return CompensationTable.from_rows(
        (hcp, nv, v) for hcp, nv, v in zip(range(21, 41), not_vul, vul, strict=True)
    )


@st.composite
def boards(draw):
    """Arguments for a random valid score_board call."""
    board = draw(st.integers(1, 200))
    if draw(st.integers(0, 9)) == 0:
        result = (None, None, None)
    else:
        result = (draw(contracts), draw(seats), draw(tricks))
    kwargs = {
        "policy": draw(st.sampled_from(list(Policy))),
        "table": draw(tables() | st.just(MOSCOW)),
    }
    if draw(st.booleans()):
        kwargs["vulnerability"] = draw(st.sampled_from(list(Vulnerability)))
    return (board, *result, draw(hcps)), kwargs


@given(points)
def test_imps_are_antisymmetric(difference):
    assert imps(-difference) == -imps(difference)


@given(points, points)
def test_imps_never_decrease(a, b):
    low, high = sorted((a, b))
    assert imps(low) <= imps(high)
    assert -24 <= imps(low) <= 24


@given(tables())
def test_compensation_never_decreases_with_hcp(table):
    for candidate in (table, MOSCOW):
        for vulnerable in (False, True):
            column = [candidate.compensation(h, vulnerable) for h in range(41)]
            assert column == sorted(column)
        for h in range(41):
            assert candidate.compensation(h, True) >= candidate.compensation(h, False)


@given(boards())
def test_ns_and_ew_imps_sum_to_zero(call):
    args, kwargs = call
    outcome = score_board(*args, **kwargs)
    assert outcome.ns_imps + outcome.ew_imps == 0
    assert outcome.ns_net == outcome.ns_score - outcome.ns_compensation
    assert outcome.ns_imps == imps(outcome.ns_net)
    assert outcome.ew_score == -outcome.ns_score


@given(boards())
def test_policies_agree_when_the_stronger_line_declares(call):
    (board, contract, declarer, taken, ns_hcp), kwargs = call
    kwargs.pop("policy")
    strong_ns = ns_hcp >= 21
    if contract is None or ns_hcp == 20 or declarer.is_ns != strong_ns:
        return
    line = score_board(board, contract, declarer, taken, ns_hcp, policy=Policy.LINE, **kwargs)
    decl = score_board(board, contract, declarer, taken, ns_hcp, policy=Policy.DECLARER, **kwargs)
    assert line == decl


@given(contracts)
def test_contract_forms_round_trip(contract):
    assert parse_contract(contract.ascii) == contract
    assert parse_contract(str(contract)) == contract
    assert parse_contract(contract.display()) == contract
    assert parse_contract(contract.display(notation="ru")) == contract
    assert parse_contract(contract.display().lower()) == contract


@given(contracts, seats, tricks, notations)
def test_result_shorthand_round_trips(contract, declarer, taken, notation):
    text = format_result(contract, declarer, taken, notation=notation)
    assert parse_result(text) == (contract, declarer, taken)
    assert parse_result(text.lower()) == (contract, declarer, taken)


ALPHABET = "0123456789 NESWCDHTXnesw♣♦♥♠♤♡♢♧ПЧБТКСВЮЗХпчбтксвюзх=+-−–:PASpas\ufe0f"


def _parse_or_contract_error(text):
    for parser in (parse_contract, parse_result):
        try:
            parser(text)
        except BridgeError as err:
            assert str(err) == english(err.template, err.params)


@given(st.text())
def test_any_text_parses_or_raises_contract_error(text):
    _parse_or_contract_error(text)


@given(st.text(alphabet=ALPHABET, max_size=14))
def test_notation_strings_parse_or_raise_contract_error(text):
    _parse_or_contract_error(text)


@given(st.from_regex(r"\A[1-9][CDHSNTXcdhsnt♠ПБК]{1,4}[=+\-]?[0-9]{0,3} ?[NESWСВЮЗ]?\Z"))
def test_near_results_parse_or_raise_contract_error(text):
    _parse_or_contract_error(text)


@given(st.one_of(st.none(), st.integers(), st.floats(), st.binary(), st.lists(st.text())))
def test_non_text_raises_contract_error(value):
    for parser in (parse_contract, parse_result):
        try:
            parser(value)
        except BridgeError:
            continue
        raise AssertionError(f"{parser.__name__} accepted {value!r}")
