"""The layers contract inside club (pyproject.toml, checked by `lint-imports`) names every
module and package of club: a module left out of it is free to import anything, so the
layers of docs/architecture.md would no longer hold for it."""

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
