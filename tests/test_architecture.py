"""What docs/architecture.md says of the code's shape, checked: the layers contract inside
club (pyproject.toml, checked by `lint-imports`) names every module and package of club (a
module left out of it is free to import anything), and outcomes are computed in one
place."""

import ast
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def club_layers(text):
    contracts = tomllib.loads(text)["tool"]["importlinter"]["contracts"]
    (contract,) = [c for c in contracts if c.get("containers") == ["club"]]
    return {name.strip() for layer in contract["layers"] for name in layer.split("|")}


def club_modules():
    club = ROOT / "club"
    return ({path.stem for path in club.glob("*.py") if path.stem != "__init__"}
            | {path.parent.name for path in club.glob("*/__init__.py")})


def test_every_module_of_club_is_in_a_layer():
    layers = club_layers((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    assert club_modules() - layers == set()
    assert layers - club_modules() == set()  # and the contract names nothing that is gone


def imported_names(path):
    """{name: module} of every `from module import name` in the file (at any depth)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    return {alias.name: node.module for node in ast.walk(tree)
            if isinstance(node, ast.ImportFrom) and node.module for alias in node.names}


def test_outcomes_are_computed_in_one_place():
    """The engine's score_board (a result's score, compensation, net and IMPs) is called
    from club.services.scoring alone: a page or a file that needs an outcome asks it. (A
    data migration is history, frozen as it ran: club 0008 scored the rulings it converted
    once, with the engine of its day.)"""
    callers = {str(path.relative_to(ROOT))
               for package in ("club", "reports", "config")
               for path in (ROOT / package).rglob("*.py") if "migrations" not in path.parts
               if imported_names(path).get("score_board", "").startswith("scoring.engine")}
    assert callers == {"club/services/scoring.py"}


def movement_callers(path):
    """Whether the file calls the engine's movements.schedule (as `movements.schedule(...)`
    or a `schedule` imported from scoring.engine.movements)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    imported = imported_names(path).get("schedule") == "scoring.engine.movements"
    for node in ast.walk(tree):
        if not isinstance(node, ast.Call):
            continue
        func = node.func
        if (isinstance(func, ast.Attribute) and func.attr == "schedule"
                and isinstance(func.value, ast.Name) and func.value.id == "movements"):
            return True
        if imported and isinstance(func, ast.Name) and func.id == "schedule":
            return True
    return False


def test_the_movement_is_computed_in_one_place():
    """A session's seatings come from club.plan.SessionPlan alone: every page, check,
    service and report loads a plan and reads it, none asks the engine on its own."""
    callers = {str(path.relative_to(ROOT))
               for package in ("club", "reports", "config")
               for path in (ROOT / package).rglob("*.py") if "migrations" not in path.parts
               if movement_callers(path)}
    assert callers == {"club/plan.py"}


def hcp_writes(path):
    """The lines where the file assigns `.ns_hcp = ...` or calls `.update(ns_hcp=...)`."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    lines = []
    for node in ast.walk(tree):
        targets = (node.targets if isinstance(node, ast.Assign)
                   else [node.target] if isinstance(node, (ast.AugAssign, ast.AnnAssign))
                   else [])
        if any(isinstance(t, ast.Attribute) and t.attr == "ns_hcp" for t in targets):
            lines.append(node.lineno)
        if (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)
                and node.func.attr == "update"
                and any(k.arg == "ns_hcp" for k in node.keywords)):
            lines.append(node.lineno)
    return lines


def test_a_boards_hcp_has_one_writer():
    """Board.ns_hcp is written by club.services.hcp alone (save_board_hcp, called by the
    services that store a board's HCP), so the rules of which HCP stands live there."""
    writers = {str(path.relative_to(ROOT)): lines
               for package in ("club", "reports", "config")
               for path in (ROOT / package).rglob("*.py") if "migrations" not in path.parts
               if (lines := hcp_writes(path))}
    assert set(writers) == {"club/services/hcp.py"}, writers
    assert len(writers["club/services/hcp.py"]) == 1


def test_the_hcp_guard_sees_both_kinds_of_write(tmp_path):
    source = tmp_path / "sample.py"
    source.write_text("board.ns_hcp = 20\nBoard.objects.filter(pk=1).update(ns_hcp=None)\n"
                      "result.ns_hcp == 3\n", encoding="utf-8")
    assert hcp_writes(source) == [1, 2]
