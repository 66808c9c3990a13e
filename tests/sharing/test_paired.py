"""Paired comparisons on known cases: identical runs, a planted difference, McNemar's exact p, ties."""
from __future__ import annotations

import random

import pytest

from eligibench.evaluation.scoring import compare_runs, mcnemar_p, tied_with_top
from eligibench.results import DialogResult, Turn


def _run(n: int, wrong_every: int | None, questions: int = 5, seed: int = 0, datasets=("diverse", "representative")) -> list[DialogResult]:
    """n households per dataset, 4 pairs each; every `wrong_every`-th pair predicted wrong."""
    rng = random.Random(seed)
    out, k = [], 0
    for ds in datasets:
        for i in range(n):
            labels = {f"O{j}": rng.random() < 0.4 for j in range(4)}
            preds = {}
            for o, lab in labels.items():
                k += 1
                preds[o] = (not lab) if (wrong_every and k % wrong_every == 0) else lab
            out.append(DialogResult(f"{ds}-{i:04d}", ds, 0, tuple(Turn("q?", "a.") for _ in range(questions)),
                                    preds, labels, "ready"))
    return out


def test_identical_runs_differ_by_zero_with_p_one():
    a = _run(40, wrong_every=3)
    c = compare_runs(a, list(a), n_boot=300)
    assert c.households == 80 and c.mcnemar.pairs == 320
    for d in c.differences.values():
        assert d.diff == 0 and d.ci == (0.0, 0.0)
    assert (c.mcnemar.a_only, c.mcnemar.b_only, c.mcnemar.p) == (0, 0, 1.0)
    assert c.line() == ("A - B = +0.0 TW-F1 [0.0, 0.0], p = 1, n = 80 households: no clear difference in TW-F1 "
                        "(p >= 0.05: the gap may be noise)")


def test_a_planted_difference_is_found():
    labels_from = _run(40, wrong_every=None)
    perfect = labels_from
    sloppy = _run(40, wrong_every=4)  # same seed: same households and labels, a quarter of pairs wrong
    c = compare_runs(perfect, sloppy, n_boot=500)
    tw = c.differences["turn_weighted_f1"]
    assert tw.diff > 10 and 0 < tw.ci[0] <= tw.diff <= tw.ci[1]
    assert c.differences["f1"].a == pytest.approx(100.0)
    assert c.differences["turns"].diff == 0
    assert c.mcnemar.a_only == 80 and c.mcnemar.b_only == 0 and c.mcnemar.p < 1e-20
    reverse = compare_runs(sloppy, perfect, n_boot=500)
    assert reverse.differences["turn_weighted_f1"].diff == pytest.approx(-tw.diff)
    assert reverse.line(a="sloppy", b="perfect").startswith(f"sloppy - perfect = {-tw.diff:+.1f} TW-F1 [")


def test_more_turns_shows_in_turns_and_tw_f1_not_in_f1():
    a, b = _run(30, 5, questions=10), _run(30, 5, questions=30)
    c = compare_runs(a, b, n_boot=200)
    assert c.differences["f1"].diff == 0 and c.mcnemar.p == 1.0
    assert c.differences["turns"].diff == -20 and c.differences["turn_weighted_f1"].diff > 0
    # each figure has its own test: turns and TW-F1 differ clearly, F1 not at all
    assert c.differences["f1"].p == 1.0 and c.differences["turns"].p < 0.01
    assert c.differences["turn_weighted_f1"].p < 0.01
    assert c.words("turns") == "A asks fewer questions" and c.words("turn_weighted_f1") == "A is better on TW-F1"
    assert c.words("f1").startswith("no clear difference in F1")


def test_each_figure_gets_its_own_p_value_and_a_planted_gap_is_significant():
    """The same p for TW-F1, F1 and turns (McNemar's, shared) was the old output."""
    perfect, sloppy = _run(40, wrong_every=None), _run(40, wrong_every=4)
    c = compare_runs(perfect, sloppy, n_boot=300)
    ps = {k: d.p for k, d in c.differences.items()}
    assert ps["f1"] < 0.01 and ps["turn_weighted_f1"] < 0.01 and ps["turns"] == 1.0, ps
    assert "A is better on F1" in c.line("f1") and "no clear difference in turns" in c.line("turns")


def test_two_households_are_too_few_to_tell():
    a, b = _run(1, wrong_every=None), _run(1, wrong_every=2)  # 1 per dataset: 2 paired households
    c = compare_runs(a, b, n_boot=100)
    assert c.households == 2
    assert all(d.p >= 0.5 for d in c.differences.values())  # 4 swap patterns: p is at least 2/4
    assert "too few households to tell (2; a paired test needs at least 6" in c.line("turn_weighted_f1")


def test_only_households_scored_in_both_runs_are_paired():
    a = _run(10, 3)
    b = [r for r in a if r.row_id not in ("diverse-0000", "diverse-0001")]
    assert compare_runs(a, b, n_boot=50).households == 18


def test_exact_mcnemar_p_values():
    assert mcnemar_p(0, 0) == 1.0
    assert mcnemar_p(5, 5) == 1.0
    assert mcnemar_p(0, 5) == pytest.approx(2 / 32)
    assert mcnemar_p(1, 9) == pytest.approx(2 * 11 / 1024)  # classic textbook value 0.0215


def test_ties_are_runs_overlapping_the_top_interval():
    runs = {"top": (50.0, 45.0, 55.0), "close": (47.0, 44.0, 54.0), "far": (30.0, 25.0, 35.0)}
    assert tied_with_top(runs) == {"top", "close"}
    assert tied_with_top({}) == set()


def test_a_two_household_protocol_says_it_cannot_detect_anything():
    """It used to say it "can detect a difference of 0.0 TW-F1 points"."""
    from eligibench.evaluation.scoring import rank_ranges

    a, b = _run(1, wrong_every=None), _run(1, wrong_every=2)
    text = rank_ranges({"a": a, "b": b}, n_boot=200).detectable.sentence()
    assert "too small to detect any difference" in text and "can detect a difference of" not in text, text
    assert "2 paired households (a paired test needs at least 6 to reach p < 0.05)" in text
    from eligibench.evaluation.scoring import pair_verdict

    table = rank_ranges({"a": a, "b": b}, n_boot=200)
    verdict = pair_verdict(table, "a", "b", compare_runs(a, b, n_boot=200).differences["turn_weighted_f1"].ci)
    assert verdict.startswith("Verdict: this comparison cannot tell whether A or B is better") and "ahead" not in verdict
    big = rank_ranges({"a": _run(40, 3), "b": _run(40, 4)}, n_boot=200).detectable
    assert not big.too_small and "can detect a difference of" in big.sentence()
