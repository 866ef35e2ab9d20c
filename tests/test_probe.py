"""The mutation probe's list (tests/probe.py) stays true to the code: every mutation is
well-formed and its original text is found exactly once in its file, so a change that
moves a guard fails here, in every test run, rather than in the next probe. Nothing is
mutated and no pytest is started."""

import pytest

from tests import probe

NAMES = [m.name for m in probe.MUTATIONS]


def test_the_probe_has_at_least_twelve_mutations_with_distinct_names():
    assert len(NAMES) >= 12
    assert len(set(NAMES)) == len(NAMES)


@pytest.mark.parametrize("mutation", probe.MUTATIONS, ids=NAMES)
def test_a_mutation_is_well_formed(mutation):
    assert mutation.path.startswith("club/") and (probe.ROOT / mutation.path).is_file()
    assert mutation.original != mutation.mutated
    # One line changes: the original and the mutation differ on one line only.
    before, after = mutation.original.splitlines(), mutation.mutated.splitlines()
    assert len(before) == len(after)
    assert sum(a != b for a, b in zip(before, after, strict=True)) == 1
    assert mutation.tests
    for test in mutation.tests:
        assert (probe.ROOT / test).is_file(), f"{mutation.name}: no test file {test}"


@pytest.mark.parametrize("mutation", probe.MUTATIONS, ids=NAMES)
def test_a_mutations_original_text_is_found_once(mutation):
    text = (probe.ROOT / mutation.path).read_text(encoding="utf-8")
    assert text.count(mutation.original) == 1, (
        f"{mutation.name}: the code moved; update tests/probe.py")


def test_the_mutated_file_still_compiles():
    """A mutation that is a syntax error would be 'caught' by any test."""
    for mutation in probe.MUTATIONS:
        text = (probe.ROOT / mutation.path).read_text(encoding="utf-8")
        compile(text.replace(mutation.original, mutation.mutated, 1), mutation.path, "exec")


def test_stale_reports_a_text_not_found_once():
    moved = probe.Mutation("moved", "club/services/pairs.py", "no such text", "x", ("t",))
    twice = probe.Mutation("twice", "club/services/pairs.py", "    if ", "x", ("t",))
    found = probe.stale([moved, twice, probe.MUTATIONS[0]])
    assert [(m.name, count > 1) for m, count in found] == [("moved", False), ("twice", True)]
    assert found[0][1] == 0


def test_stale_list_exits_2(monkeypatch, capsys):
    moved = probe.Mutation("moved", "club/services/pairs.py", "no such text", "x", ("t",))
    monkeypatch.setattr(probe, "MUTATIONS", [moved])
    assert probe.main([]) == 2
    assert "stale: moved" in capsys.readouterr().err


def test_list_and_only(capsys):
    assert probe.main(["--list", "--only", NAMES[0]]) == 0
    listed = capsys.readouterr().out
    assert listed.startswith(f"{NAMES[0]}: ") and NAMES[1] not in listed
    with pytest.raises(SystemExit, match="no mutation named nonsense"):
        probe.main(["--only", "nonsense"])


def test_probe_restores_the_file_whatever_happens(monkeypatch, tmp_path):
    """On a copy: the real file is never mutated while other tests may import it."""
    mutation = probe.MUTATIONS[0]
    copy = tmp_path / mutation.path
    copy.parent.mkdir(parents=True)
    before = (probe.ROOT / mutation.path).read_bytes()
    copy.write_bytes(before)
    monkeypatch.setattr(probe, "ROOT", tmp_path)
    seen = []

    def interrupted(tests):
        seen.append(mutation.mutated in copy.read_text(encoding="utf-8"))
        raise KeyboardInterrupt

    monkeypatch.setattr(probe, "run_tests", interrupted)
    with pytest.raises(KeyboardInterrupt):
        probe.probe(mutation)
    assert seen == [True]  # the mutation was in place while the tests ran
    assert copy.read_bytes() == before
