import pytest

from eligibench.datasets import select
from eligibench.errors import ParamsError
from eligibench.truth import TraceMatrix


def _matrix():
    # Two opportunities. A has lines {1,2,3,4}: traces t0={1,2}, t1={1,3}, t2={1,4}
    # B has lines {10,11}: traces u0={10}, u1={10,11}
    traces = {"A": (frozenset({1, 2}), frozenset({1, 3}), frozenset({1, 4})), "B": (frozenset({10}), frozenset({10, 11}))}
    cells = (
        ((True, 0), (False, 0)),   # h0: A t0, B u0
        ((False, 1), (True, 1)),   # h1: A t1, B u1  -> most new elements first
        ((False, 1), (False, 0)),  # h2: duplicates h1's A trace
        ((True, 2), (False, 0)),   # h3: the only household reaching line 4
    )
    return TraceMatrix(("A", "B"), traces, cells, {"A": frozenset({1, 2, 3, 4}), "B": frozenset({10, 11})})


def test_greedy_covers_every_reached_line_with_fewest_households():
    sel = select(_matrix(), "lines")
    assert sel.universe == 6 and sel.covered == 6
    assert set(sel.households) == {0, 1, 3} and sel.households[0] == 1  # h1 adds 4 lines first
    kept_pairs = sum(len(v) for v in sel.pairs.values())
    assert kept_pairs == 4  # A from h0, h1, h3 (lines 2, 3, 4) and B from h1 (line 11)
    assert sel.pairs[1] == ("A", "B") and sel.pairs[0] == ("A",) and sel.pairs[3] == ("A",)


def test_paths_mode_keeps_every_distinct_trace_once():
    sel = select(_matrix(), "paths")
    assert sel.universe == 5 and sel.covered == 5
    assert sum(len(v) for v in sel.pairs.values()) == 5


def test_unknown_mode_is_a_params_error():
    with pytest.raises(ParamsError, match="diverse.coverage"):
        select(_matrix(), "branches")
