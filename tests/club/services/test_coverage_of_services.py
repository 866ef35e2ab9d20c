"""Every public function of club/services is called by name in some test: a service (or a
refusal it builds) that no test calls can lose a guard without any test noticing. A new
service function therefore comes with a test that calls it directly."""

import ast
from functools import cache
from pathlib import Path

ROOT = Path(__file__).resolve().parents[3]

# {name: why no test calls it}. Keep it empty if you can: a reason here is a guard untested.
EXEMPT = {}


def public_service_functions():
    """{name: module} of the functions defined at the top of club/services/*.py whose
    names do not start with an underscore."""
    found = {}
    for path in sorted((ROOT / "club" / "services").glob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in tree.body:
            if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef) and (
                    not node.name.startswith("_")):
                found[node.name] = path.stem
    return found


@cache
def names_called_in_tests():
    """Every name called in tests/**/*.py, as `name(...)` or `something.name(...)`."""
    called = set()
    for path in (ROOT / "tests").rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Call):
                if isinstance(node.func, ast.Name):
                    called.add(node.func.id)
                elif isinstance(node.func, ast.Attribute):
                    called.add(node.func.attr)
    return called


def test_the_scan_finds_the_services():
    """The scan itself works: it finds known services and calls (else the test below
    would pass on nothing)."""
    functions = public_service_functions()
    assert functions["change_status"] == "sessions"
    assert functions["enter_result"] == "results"
    assert not any(name.startswith("_") for name in functions)
    assert {"change_status", "make_session"} <= names_called_in_tests()


def test_every_public_service_function_is_called_by_a_test():
    functions = public_service_functions()
    untested = sorted(f"club/services/{module}.py: {name}"
                      for name, module in functions.items()
                      if name not in names_called_in_tests() and name not in EXEMPT)
    assert untested == [], "call these directly in a test under tests/club/services/"


def test_exemptions_name_functions_that_exist():
    assert set(EXEMPT) <= set(public_service_functions())
