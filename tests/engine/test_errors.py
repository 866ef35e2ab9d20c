"""The engine's errors: one ValueError base, one class per kind of bad input, and the
translation convention of their messages, checked at run time and over the source."""

import ast
import pickle
import re
from pathlib import Path

import pytest

import scoring.engine
from scoring.engine import ContractError, Policy, parse_contract
from scoring.engine import errors as engine_errors
from scoring.engine.errors import BridgeError, _

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
    assert str(err) == err.template % err.params


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
        assert marker.func.id == "_" and len(marker.args) == 1, where
        literal = marker.args[0]
        assert isinstance(literal, ast.Constant) and isinstance(literal.value, str), where
        # Every placeholder gets a value and every value has a placeholder.
        placeholders = set(PLACEHOLDER.findall(literal.value))
        keywords = {keyword.arg for keyword in call.keywords}
        assert placeholders == keywords, where
        # No stray % that would break "template % params".
        assert "%" not in PLACEHOLDER.sub("", literal.value), where


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
