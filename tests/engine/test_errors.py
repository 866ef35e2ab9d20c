"""The engine's errors: one ValueError base, one class per kind of bad input, and the
translation convention of their messages, checked at run time and over the source."""

import ast
import pickle
import re
from pathlib import Path

import pytest

import scoring.engine
from scoring.engine import (
    ContractError,
    DealError,
    MovementError,
    Plural,
    Policy,
    parse_contract,
    parse_deal,
)
from scoring.engine import errors as engine_errors
from scoring.engine.errors import BridgeError, _, english
from scoring.engine.movements import schedule

ENGINE_DIR = Path(scoring.engine.__file__).parent
SOURCES = sorted(ENGINE_DIR.glob("*.py"))
PLACEHOLDER = re.compile(r"%\((\w+)\)[sdr]")


def test_contract_error_keeps_template_and_params():
    err = ContractError(_("Level %(level)s is wrong."), level=8)
    assert isinstance(err, ValueError)
    assert err.template == "Level %(level)s is wrong."
    assert err.params == {"level": 8}
    assert str(err) == "Level 8 is wrong."


def test_a_translation_can_be_applied_to_the_template():
    with pytest.raises(ContractError) as caught:
        parse_contract("8S")
    err = caught.value
    assert "%(level)s" in err.template
    russian = {err.template: "Уровень %(level)s в «%(text)s» недопустим."}
    assert russian[err.template] % err.params == "Уровень 8 в «8S» недопустим."
    assert str(err) == english(err.template, err.params)


ERROR_CLASSES = [value for value in vars(engine_errors).values()
                 if isinstance(value, type) and issubclass(value, BridgeError)
                 and value is not BridgeError]


def test_every_kind_of_error_is_a_bridge_error_and_a_value_error():
    names = {cls.__name__ for cls in ERROR_CLASSES}
    assert names == {"ContractError", "SeatError", "BoardError", "CompensationTableError",
                     "MovementError", "DealError"}
    assert all(issubclass(cls, ValueError) for cls in ERROR_CLASSES)


@pytest.mark.parametrize("cls", ERROR_CLASSES, ids=lambda cls: cls.__name__)
def test_every_error_survives_pickling(cls):
    err = pickle.loads(pickle.dumps(cls(_("Bad %(what)s."), what="seat")))
    assert type(err) is cls
    assert (err.template, err.params, str(err)) == ("Bad %(what)s.", {"what": "seat"}, "Bad seat.")


def test_marker_returns_its_argument():
    assert _("text") == "text"


def test_policy_values():
    assert [p.value for p in Policy] == ["line", "declarer"]
    assert Policy.coerce("Line") is Policy.LINE


ERROR_NAMES = {cls.__name__ for cls in ERROR_CLASSES}


def _contract_error_calls():
    for path in SOURCES:
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if (
                isinstance(node, ast.Call)
                and isinstance(node.func, ast.Name)
                and node.func.id in ERROR_NAMES
            ):
                yield path.name, node


def test_every_raise_site_uses_a_literal_template_in_the_marker():
    calls = list(_contract_error_calls())
    assert len(calls) > 40
    for name, call in calls:
        where = f"{name}:{call.lineno}"
        assert len(call.args) == 1, where
        marker = call.args[0]
        if isinstance(marker, ast.Name) and marker.id == "template":
            continue  # a helper passing on a template its caller marked
        assert isinstance(marker, ast.Call) and isinstance(marker.func, ast.Name), where
        # _("...") or, for a message with a count, ngettext("...", "...", "count").
        assert (marker.func.id, len(marker.args)) in {("_", 1), ("ngettext", 3)}, where
        assert all(isinstance(arg, ast.Constant) and isinstance(arg.value, str)
                   for arg in marker.args), where
        forms = [arg.value for arg in marker.args[:2 if marker.func.id == "ngettext" else 1]]
        keywords = {keyword.arg for keyword in call.keywords}
        for literal in forms:
            # Every placeholder gets a value and every value has a placeholder.
            assert set(PLACEHOLDER.findall(literal)) == keywords, where
            # No stray % that would break "template % params".
            assert "%" not in PLACEHOLDER.sub("", literal), where
        if marker.func.id == "ngettext":
            assert marker.args[2].value in keywords, where  # the count is a parameter


def test_engine_does_not_import_django():
    for path in SOURCES:
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.Import):
                names = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom):
                names = [node.module or ""]
            else:
                continue
            assert not any(n.split(".")[0] == "django" for n in names), path.name


def test_a_message_with_a_count_takes_the_form_of_its_number():
    """"at most 1 round", "at most 3 rounds": the template holds both forms and the
    parameter that chooses (the Django layer translates it with ngettext)."""
    with pytest.raises(MovementError) as one:
        schedule("mitchell", tables=2, pairs=4, rounds=2)
    assert "has at most 1 round; got 2." in str(one.value)
    with pytest.raises(MovementError) as three:
        schedule("mitchell", tables=3, pairs=6, rounds=4)
    assert "has at most 3 rounds; got 4." in str(three.value)
    assert one.value.template == three.value.template
    assert isinstance(one.value.template, Plural) and one.value.template.count == "max"
    copy = pickle.loads(pickle.dumps(one.value))
    assert (copy.template, copy.params, str(copy)) == (
        one.value.template, one.value.params, str(one.value))
    with pytest.raises(MovementError, match="got 1 pair\\.$"):
        schedule("mitchell", tables=3, pairs=1)
    with pytest.raises(DealError, match="The N hand has 1 card; a hand has 13"):
        parse_deal("N:A... K... Q... J...")
