"""Checks shared by the movement tests: properties every schedule must have."""

import dataclasses
from collections import Counter, defaultdict


def check_layout(seatings, rounds, tables):
    """Sorted; every (round, table) exactly once; nobody twice in a round."""
    keys = [(s.round, s.table) for s in seatings]
    assert keys == sorted(keys)
    assert keys == [(r, t) for r in range(1, rounds + 1) for t in range(1, tables + 1)]
    by_round = defaultdict(list)
    for s in seatings:
        by_round[s.round].extend(s.pairs)
    for pairs in by_round.values():
        assert len(pairs) == len(set(pairs))


def check_sit_outs(seatings):
    """A sit-out has exactly one real side and no board set; a game has both."""
    for s in seatings:
        assert (s.ns is None or s.ew is None) == s.is_sit_out
        assert s.ns is not None or s.ew is not None
        assert (s.board_set is None) == s.is_sit_out
        assert len(s.pairs) == (1 if s.is_sit_out else 2)


def meetings(seatings):
    return Counter(frozenset(s.pairs) for s in seatings if not s.is_sit_out)


def sets_played_by_pair(seatings):
    played = defaultdict(list)
    for s in seatings:
        if not s.is_sit_out:
            played[s.ns].append(s.board_set)
            played[s.ew].append(s.board_set)
    return played


def check_no_set_twice(seatings):
    for sets in sets_played_by_pair(seatings).values():
        assert len(sets) == len(set(sets))


def plays_per_set(seatings):
    return Counter(s.board_set for s in seatings if not s.is_sit_out)


def distinct_sets_each_round(seatings):
    by_round = defaultdict(list)
    for s in seatings:
        if not s.is_sit_out:
            by_round[s.round].append(s.board_set)
    return all(len(sets) == len(set(sets)) for sets in by_round.values())


def sets_by_round(seatings):
    rounds = defaultdict(list)
    for s in seatings:
        if not s.is_sit_out:
            rounds[s.round].append(s.board_set)
    return dict(rounds)


def check_phantom(seatings, full, tables):
    """With EW pair ``2 * tables`` a phantom, its games in the full movement are
    sit-outs (its side and the set gone), one a round, and nothing else changes."""
    rounds = full[-1].round
    check_layout(seatings, rounds, tables)
    check_sit_outs(seatings)
    for with_phantom, plain in zip(seatings, full, strict=True):
        if plain.ew == 2 * tables:
            assert with_phantom == dataclasses.replace(plain, ew=None, board_set=None)
        else:
            assert with_phantom == plain
    assert sum(s.is_sit_out for s in seatings) == rounds
