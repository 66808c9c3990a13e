"""Rank ranges, tie groups and the detectable difference on synthetic runs with known differences."""
from __future__ import annotations

import random

import pytest

from eligibench.evaluation.scoring import rank_ranges
from eligibench.results.records import DialogResult, Turn


def _run(n: int, wrong_every: int | None, questions: int = 5, trials: int = 1, offset: int = 0) -> list[DialogResult]:
    """n households per dataset, 4 pairs each, labels from a fixed seed (the same households in every
    run); every `wrong_every`-th pair (counting from `offset`) predicted wrong."""
    rng = random.Random(0)
    out, k = [], offset
    for ds in ("diverse", "representative"):
        for i in range(n):
            labels = {f"O{j}": rng.random() < 0.4 for j in range(4)}
            for t in range(trials):
                preds = {}
                for o, lab in labels.items():
                    k += 1
                    preds[o] = (not lab) if (wrong_every and k % wrong_every == 0) else lab
                out.append(DialogResult(f"{ds}-{i:04d}", ds, t, tuple(Turn("q?", "a.") for _ in range(questions)),
                                        preds, labels, "ready"))
    return out


def test_clearly_separated_entries_get_single_ranks_and_their_own_groups():
    runs = {"best": _run(60, None), "mid": _run(60, 6), "worst": _run(60, 2)}
    t = rank_ranges(runs, n_boot=400, seed=1)
    assert [(x.key, x.text, x.group) for x in t.ranges] == [("best", "1", 1), ("mid", "2", 2), ("worst", "3", 3)]
    assert t.ranges[0].f1 == pytest.approx(100.0)


def test_entries_a_planted_small_gap_apart_are_tied_with_overlapping_ranges():
    # a and b differ in 1 pair of 480 (well under what 120 households detect); c is far below
    runs = {"a": _run(60, 40), "b": _run(60, 40, offset=1), "c": _run(60, 2)}
    t = rank_ranges(runs, n_boot=400, seed=1)
    by = {x.key: x for x in t.ranges}
    assert by["a"].group == by["b"].group == 1 and by["c"].group == 2
    assert (by["a"].best, by["a"].worst) == (1, 2) and (by["b"].best, by["b"].worst) == (1, 2)
    assert by["c"].text == "3"
    assert t.tied("a", "b") and not t.tied("a", "c")
    # deterministic: the same seed gives the same table
    assert rank_ranges(runs, n_boot=400, seed=1) == t


def test_ties_are_against_the_group_leader_not_chained():
    # x > y > z in steps smaller than the noise, but x - z larger: z starts a new group only if it is
    # clearly below x; each of y, z is judged against the leader x
    runs = {"x": _run(40, None), "y": _run(40, 12), "z": _run(40, 5)}
    t = rank_ranges(runs, n_boot=400, seed=3)
    by = {x.key: x for x in t.ranges}
    assert by["x"].group == 1
    assert by["z"].group > by["x"].group  # 20% wrong pairs is clearly below perfect
    assert by["y"].best <= 2 and by["z"].worst == 3


def test_detectable_difference_shrinks_with_more_households_and_is_stated():
    small = rank_ranges({"a": _run(20, 5), "b": _run(20, 7)}, n_boot=500, seed=0).detectable
    large = rank_ranges({"a": _run(200, 5), "b": _run(200, 7)}, n_boot=500, seed=0).detectable
    assert small.households == 40 and large.households == 400 and small.trials == 1
    assert small.pairs == 1 and small.alpha == 0.05 and small.power == 0.8
    assert 0 < large.tw_f1 < small.tw_f1 and 0 < large.f1 < small.f1
    # about sqrt(10) apart (bootstrap noise allowed)
    assert 2.0 < small.tw_f1 / large.tw_f1 < 5.0
    s = small.sentence()
    assert "40 households and 1 trial(s)" in s and "alpha 0.05" in s and "power 0.8" in s


def test_one_entry_uses_the_independent_runs_approximation_and_counts_trials():
    t = rank_ranges({"only": _run(30, 4, trials=3)}, n_boot=300, seed=0)
    assert t.ranges[0].text == "1" and t.ranges[0].group == 1
    d = t.detectable
    assert d.pairs == 0 and d.trials == 3 and d.tw_f1 > 0 and "independent" in d.sentence()


def test_only_households_in_every_entry_are_paired_and_none_is_an_error():
    a, b = _run(30, 4), _run(30, 4)[:20]  # b has only the first 20 diverse households
    assert rank_ranges({"a": a, "b": b}, n_boot=100).detectable.households == 20
    other = [DialogResult("elsewhere", "diverse", 0, (), {"O0": True}, {"O0": True}, "ready")]
    with pytest.raises(ValueError, match="share no scored household"):
        rank_ranges({"a": a, "c": other}, n_boot=100)
