"""ContractError's translation convention, checked at run time and over the source."""

import ast
import pickle
import re
from pathlib import Path

import pytest

import scoring.engine
from scoring.engine import ContractError, Policy, parse_contract
from scoring.engine.errors import _

ENGINE_DIR = Path(scoring.engine.__file__).parent
SOURCES = sorted(ENGINE_DIR.glob("*.py"))
PLACEHOLDER = re.compile(r"%\((\w+)\)s")


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


def test_contract_error_survives_pickling():
    err = pickle.loads(pickle.dumps(ContractError(_("Bad %(what)s."), what="seat")))
    assert (err.template, err.params, str(err)) == ("Bad %(what)s.", {"what": "seat"}, "Bad seat.")


def test_marker_returns_its_argument():
    assert _("text") == "text"


def test_policy_values():
    assert [p.value for p in Policy] == ["line", "declarer"]
    assert Policy.coerce("Line") is Policy.LINE


def _contract_error_calls():
    for path in SOURCES:
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if (
                isinstance(node, ast.Call)
                and isinstance(node.func, ast.Name)
                and node.func.id == "ContractError"
            ):
                yield path.name, node


def test_every_raise_site_uses_a_literal_template_in_the_marker():
    calls = list(_contract_error_calls())
    assert len(calls) > 40
    for name, call in calls:
        where = f"{name}:{call.lineno}"
        if name == "errors.py":  # the unpickling helper passes a stored template on
            continue
        assert len(call.args) == 1, where
        marker = call.args[0]
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
