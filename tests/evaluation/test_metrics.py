"""Metrics on hand-computed examples (eligibench/evaluation/scoring/: metrics.py, bootstrap.py, summary.py)."""
from __future__ import annotations

import json

import numpy as np
import pytest

from eligibench.evaluation.scoring import (
    AVERAGE,
    bootstrap,
    cost,
    score,
    summarize,
    trial_consistency,
    turn_weighted_f1,
)
from eligibench.results.records import AGENT_ERROR, INFRA_ERROR, READY, TURN_LIMIT, USER_ERROR, DialogResult, Turn


def dialog(row_id, labels, predictions, *, questions=0, termination=READY, dataset="diverse",
           trial=0, **kw) -> DialogResult:
    return DialogResult(
        row_id=row_id,
        dataset=dataset,
        trial=trial,
        turns=tuple(Turn(f"q{i}", f"a{i}") for i in range(questions)),
        predictions=predictions,
        labels=labels,
        termination=termination,
        **kw,
    )


def two_households() -> list[DialogResult]:
    # h1: a T->T (TP), b F->T (FP), c T->F (FN); 3 questions
    # h2: a F->F (TN), b T->T (TP); 5 questions
    return [
        dialog("h1", {"a": True, "b": False, "c": True}, {"a": True, "b": True, "c": False},
               questions=3),
        dialog("h2", {"a": False, "b": True}, {"a": False, "b": True}, questions=5,
               termination=TURN_LIMIT),
    ]


def test_two_households_hand_counted():
    s = score(two_households())
    # TP = 2 (h1.a, h2.b), FP = 1 (h1.b), FN = 1 (h1.c), TN = 1 (h2.a); 5 pairs
    assert s.pairs == 5 and s.dialogs == 2
    assert s.accuracy == pytest.approx(100 * 3 / 5)  # (TP+TN)/pairs = 3/5 = 60.0
    assert s.precision == pytest.approx(100 * 2 / 3)  # TP/(TP+FP) = 2/3 = 66.67
    assert s.recall == pytest.approx(100 * 2 / 3)  # TP/(TP+FN) = 2/3 = 66.67
    assert s.f1 == pytest.approx(100 * 2 / 3)  # 2PR/(P+R) = 66.67
    assert s.turns == pytest.approx(4.0)  # (3 + 5) / 2
    assert s.excluded_infra == 0 and s.agent_errors == 0


def test_asymmetric_precision_recall():
    # labels T,T,T,F ; preds T,F,F,F -> TP 1, FN 2, TN 1, FP 0
    s = score([dialog("h", {"a": True, "b": True, "c": True, "d": False},
                      {"a": True, "b": False, "c": False, "d": False})])
    assert s.precision == pytest.approx(100.0)  # 1/(1+0)
    assert s.recall == pytest.approx(100 / 3)  # 1/(1+2) = 33.33
    assert s.f1 == pytest.approx(50.0)  # 2*1*(1/3)/(1+1/3) = (2/3)/(4/3) = 0.5
    assert s.accuracy == pytest.approx(50.0)  # (1+1)/4


def test_none_predictions_are_wrong():
    results = [
        # no predictions at all: a (T) -> FN, b (F) -> FP
        dialog("h1", {"a": True, "b": False}, None, questions=2, termination=USER_ERROR),
        # c missing from predictions (T) -> FN; d explicitly None (F) -> FP; e F->F TN;
        # an unlabelled prediction "z" is ignored
        dialog("h2", {"c": True, "d": False, "e": False}, {"d": None, "e": False, "z": True},
               questions=4),
    ]
    s = score(results)
    # TP 0, FP 2, FN 2, TN 1 -> 5 pairs
    assert s.pairs == 5
    assert s.accuracy == pytest.approx(20.0)  # 1/5
    assert s.precision == 0.0  # TP+FP = 2, TP = 0 -> 0
    assert s.recall == 0.0  # 0/2
    assert s.f1 == 0.0  # P+R = 0 -> defined as 0
    assert s.turns == pytest.approx(3.0)  # (2+4)/2


def test_undefined_ratios_are_zero():
    # all negative labels, all predicted negative: no predicted positives, no positive labels
    s = score([dialog("h", {"a": False, "b": False}, {"a": False, "b": False}, questions=1)])
    assert s.accuracy == 100.0
    assert (s.precision, s.recall, s.f1) == (0.0, 0.0, 0.0)
    empty = score([])
    assert (empty.accuracy, empty.f1, empty.turns, empty.dialogs, empty.pairs) == (0, 0, 0, 0, 0)


def test_infra_errors_excluded_and_counted():
    infra = dialog("h3", {"a": True, "b": True}, {"a": True, "b": True}, questions=50,
                   termination=INFRA_ERROR)
    infra2 = dialog("h4", {"a": False}, None, questions=7, termination=INFRA_ERROR)
    s = score(two_households() + [infra, infra2])
    assert s.excluded_infra == 2
    # everything else is exactly the two-household score: 5 pairs, 2 dialogs, 4 turns
    base = score(two_households())
    assert (s.accuracy, s.precision, s.recall, s.f1, s.turns, s.dialogs, s.pairs) == (
        base.accuracy, base.precision, base.recall, base.f1, base.turns, base.dialogs, base.pairs)
    only_infra = score([infra])
    assert only_infra.dialogs == 0 and only_infra.pairs == 0 and only_infra.excluded_infra == 1


def test_agent_error_scored_as_wrong():
    results = two_households() + [
        # agent crashed after 6 questions: a (T) -> FN, b (T) -> FN, c (F) -> FP
        dialog("h5", {"a": True, "b": True, "c": False}, None, questions=6,
               termination=AGENT_ERROR, error="Timeout"),
    ]
    s = score(results)
    # TP 2, FP 1+1 = 2, FN 1+2 = 3, TN 1 -> 8 pairs
    assert s.agent_errors == 1 and s.dialogs == 3 and s.pairs == 8
    assert s.accuracy == pytest.approx(100 * 3 / 8)  # 37.5
    assert s.precision == pytest.approx(100 * 2 / 4)  # 50.0
    assert s.recall == pytest.approx(100 * 2 / 5)  # 40.0
    assert s.f1 == pytest.approx(100 * 2 * 0.5 * 0.4 / 0.9)  # 44.44
    assert s.turns == pytest.approx(14 / 3)  # (3+5+6)/3


def test_turn_weighted_f1_proada():
    assert turn_weighted_f1(56.2, 20.4) == pytest.approx(56.2 / 1.204)  # 46.68
    assert round(turn_weighted_f1(56.2, 20.4), 1) == 46.7
    assert turn_weighted_f1(36.3, 0) == 36.3  # 0 turns: no penalty


def test_v1_formula_reproduces_every_reported_row(shared):
    data = json.loads((shared / "reference" / "paper_results.json").read_text())
    col = {name: i for i, name in enumerate(data["columns"])}
    assert len(data["rows"]) >= 14
    zero_turn_rows = 0
    for row in data["rows"]:
        f1, turns, reported = (row[col[k]] for k in ("average_f1", "average_turns",
                                                     "turn_weighted_f1"))
        assert abs(turn_weighted_f1(f1, turns) - reported) <= 0.1, row
        # averages are the plain means of the two datasets (reported to one decimal)
        assert abs((row[col["diverse_f1"]] + row[col["representative_f1"]]) / 2 - f1) <= 0.051
        assert abs((row[col["diverse_turns"]] + row[col["representative_turns"]]) / 2
                   - turns) <= 0.051
        if turns == 0:  # random baseline: asks nothing, TW-F1 equals F1
            zero_turn_rows += 1
            assert turn_weighted_f1(f1, turns) == f1 == reported
    assert zero_turn_rows == 1


def f1_stat(rs):
    return score(rs).f1


def acc_stat(rs):
    return score(rs).accuracy


def lopsided() -> list[DialogResult]:
    # one household with 20 pairs, all wrong; 20 households with one correct pair each
    big = dialog("big", {f"o{i}": True for i in range(20)}, {f"o{i}": False for i in range(20)})
    small = [dialog(f"s{i:02d}", {"o": True}, {"o": True}) for i in range(20)]
    return [big] + small


def test_bootstrap_deterministic_and_contains_point():
    results = two_households() + [
        dialog(f"x{i}", {"a": i % 2 == 0, "b": i % 3 == 0}, {"a": True, "b": i % 3 == 0},
               questions=i) for i in range(10)
    ]
    a = bootstrap(results, f1_stat, n=300, seed=7)
    b = bootstrap(list(reversed(results)), f1_stat, n=300, seed=7)  # order does not matter
    assert a == b
    assert bootstrap(results, f1_stat, n=300, seed=8) != a
    point = f1_stat(results)
    assert a[0] <= point <= a[1]
    low, high = bootstrap(results, lambda rs: score(rs).turns, n=300, seed=7)
    assert low <= score(results).turns <= high and low < high


def test_bootstrap_moves_all_trials_of_a_household_together():
    results = [
        dialog(f"h{i}", {"a": True}, {"a": t == 0}, trial=t) for i in range(6) for t in range(3)
    ]
    seen = []

    def stat(rs):
        per_household = {}
        for r in rs:
            per_household.setdefault(r.row_id, []).append(r.trial)
        for trials in per_household.values():
            # each draw of a household brings all 3 trials
            assert len(trials) % 3 == 0 and sorted(trials) == sorted([0, 1, 2] * (len(trials) // 3))
        seen.append(len(rs))
        return score(rs).accuracy

    bootstrap(results, stat, n=50, seed=1)
    assert seen and all(n == 18 for n in seen)  # 6 households x 3 trials per replicate


def test_household_bootstrap_differs_from_pair_bootstrap():
    results = lopsided()
    point = acc_stat(results)
    assert point == pytest.approx(50.0)  # 20 correct of 40 pairs
    n, seed = 2000, 3
    h_low, h_high = bootstrap(results, acc_stat, n=n, seed=seed)
    assert h_low <= point <= h_high

    # pair bootstrap, by hand: resample the 40 pairs (20 wrong, 20 right) independently
    pairs = np.array([0] * 20 + [1] * 20)
    rng = np.random.default_rng(seed)
    accs = 100 * pairs[rng.integers(0, 40, size=(n, 40))].mean(axis=1)
    p_low, p_high = np.percentile(accs, [2.5, 97.5])

    # pairs: sd = 100*sqrt(.25/40) = 7.9 -> width ~ 31.
    # households: the big one is drawn k ~ Binomial(21, 1/21) times; acc = (21-k)/(21-k+20k)
    # k=0 (p = (20/21)^21 = 0.36) -> 100; k=3 -> 18/78 = 23.1 -> width ~ 70+.
    assert p_high - p_low == pytest.approx(31, abs=6)
    assert h_high == pytest.approx(100.0)
    assert (h_high - h_low) - (p_high - p_low) > 25


def test_trial_consistency_two_trials():
    results = [
        dialog("h1", {"a": True, "b": False}, {"a": True, "b": False}, trial=0),
        dialog("h1", {"a": True, "b": False}, {"a": True, "b": True}, trial=1),  # b differs
        dialog("h2", {"c": False}, {"c": False}, trial=0),
        dialog("h2", {"c": False}, {"c": False}, trial=1),
        # both trials gave no prediction: the same (missing) output -> consistent
        dialog("h3", {"d": True}, None, trial=0, termination=AGENT_ERROR),
        dialog("h3", {"d": True}, None, trial=1, termination=AGENT_ERROR),
        # infra error in trial 1: h4 has one scored trial and is left out
        dialog("h4", {"e": True}, {"e": True}, trial=0),
        dialog("h4", {"e": True}, {"e": False}, trial=1, termination=INFRA_ERROR),
    ]
    # pairs: h1.a same, h1.b differs, h2.c same, h3.d same -> 3/4
    assert trial_consistency(results) == pytest.approx(75.0)
    assert trial_consistency([r for r in results if r.trial == 0]) is None  # one trial


def test_cost_figures():
    results = [
        dialog("h1", {"a": True}, {"a": True}, agent_calls=3, user_calls=2,
               agent_prompt_tokens=100, user_prompt_tokens=200, agent_completion_tokens=10,
               user_completion_tokens=20, user_cached_tokens=50, wall_s=4.0),
        dialog("h2", {"a": True}, {"a": True}, agent_calls=1, user_calls=4,
               agent_prompt_tokens=300, user_prompt_tokens=200, agent_completion_tokens=30,
               user_completion_tokens=40, user_cached_tokens=150, wall_s=6.0),
        dialog("h3", {"a": True}, None, termination=INFRA_ERROR, agent_calls=99,
               user_prompt_tokens=10_000, wall_s=600.0),  # left out
    ]
    c = cost(results)
    assert c.dialogs == 2
    assert c.llm_calls_per_dialog == pytest.approx(5.0)  # (3+2 + 1+4)/2
    assert c.prompt_tokens_per_dialog == pytest.approx(400.0)  # (100+200 + 300+200)/2
    assert c.completion_tokens_per_dialog == pytest.approx(50.0)  # (10+20 + 30+40)/2
    assert c.cached_share == pytest.approx(50.0)  # (50+150)/(200+200)
    assert c.wall_s_per_dialog == pytest.approx(5.0)  # (4+6)/2
    assert cost([dialog("h", {"a": True}, {"a": True})]).cached_share is None


def test_summarize_averages_and_rows():
    diverse = two_households()  # F1 66.67, turns 4, accuracy 60
    representative = [dialog("r1", {"x": True}, {"x": True}, questions=10,
                             dataset="representative")]  # F1 100, turns 10, accuracy 100
    s = summarize({"diverse": diverse, "representative": representative}, n_boot=200, seed=0)
    assert s.datasets["diverse"].score.f1 == pytest.approx(200 / 3)
    assert s.average_f1 == pytest.approx((200 / 3 + 100) / 2)  # 83.33
    assert s.average_turns == pytest.approx(7.0)  # (4 + 10) / 2
    assert s.average_accuracy == pytest.approx(80.0)  # (60 + 100) / 2
    assert s.turn_weighted_f1 == pytest.approx(((200 / 3 + 100) / 2) / 1.07)  # 77.88

    # per-dataset intervals are exactly what bootstrap() gives with the same seed
    assert s.datasets["diverse"].ci["f1"] == pytest.approx(bootstrap(diverse, f1_stat, 200, 0))
    assert s.datasets["diverse"].ci["turns"] == pytest.approx(
        bootstrap(diverse, lambda rs: score(rs).turns, 200, 0))
    # a one-household dataset cannot vary
    assert s.datasets["representative"].ci["f1"] == (100.0, 100.0)
    for k in ("f1", "turns", "turn_weighted_f1", "accuracy"):
        low, high = s.ci[k]
        assert low <= high
    assert s.ci["f1"][0] <= s.average_f1 <= s.ci["f1"][1]
    assert s.ci["turn_weighted_f1"][0] <= s.turn_weighted_f1 <= s.ci["turn_weighted_f1"][1]

    rows = s.to_rows()
    table = {(d, n): (v, lo, hi) for d, n, v, lo, hi in rows}
    assert len(table) == len(rows)
    names = ["accuracy", "precision", "recall", "f1", "turns", "dialogs", "pairs",
             "excluded_infra", "agent_errors", "llm_calls_per_dialog", "prompt_tokens_per_dialog",
             "completion_tokens_per_dialog", "cached_share", "wall_s_per_dialog"]
    for dataset in ("diverse", "representative"):
        assert [n for d, n, *_ in rows if d == dataset][:len(names)] == names
    assert table[(AVERAGE, "turn_weighted_f1")][0] == pytest.approx(s.turn_weighted_f1)
    assert table[(AVERAGE, "turn_weighted_f1")][1:] == s.ci["turn_weighted_f1"]
    assert table[(AVERAGE, "f1")][0] == pytest.approx(83.333, abs=1e-3)
    assert table[(AVERAGE, "pairs")][0] == 6  # totals: 5 + 1
    assert table[("diverse", "f1")][1:] == s.datasets["diverse"].ci["f1"]
    assert table[("diverse", "precision")][1:] == (None, None)
    assert table[("diverse", "cached_share")][0] is None  # no user tokens reported


def test_summarize_deterministic_with_trials():
    results = [
        dialog(f"h{i}", {"a": i % 2 == 0, "b": True}, {"a": True, "b": (i + t) % 3 != 0},
               questions=i + t, trial=t) for i in range(8) for t in range(2)
    ]
    s1 = summarize({"diverse": results}, n_boot=100, seed=5)
    s2 = summarize({"diverse": list(reversed(results))}, n_boot=100, seed=5)
    assert s1.to_rows() == s2.to_rows()
    assert s1.datasets["diverse"].consistency is not None
    assert ("diverse", "trial_consistency") in {(d, n) for d, n, *_ in s1.to_rows()}
    # single dataset: the average is that dataset
    assert s1.average_f1 == s1.datasets["diverse"].score.f1
    with pytest.raises(ValueError):
        summarize({})


# ---------------------------------------------------------------------------------------------
# Trials as replicates, split cost, termination mix (issue 12)


def three_trials() -> list[DialogResult]:
    """Two households x three trials, hand-built.

    h1 (labels a=T, b=F): trial 0 a=T b=F (both right), trial 1 a=T b=T (b wrong), trial 2 a=T b=F.
    h2 (labels a=T):      trial 0 a=T, trial 1 a=T, trial 2 a=T (always right).
    Questions: trial 0: 2 and 4; trial 1: 6 and 6; trial 2: 4 and 4.
    """
    return [
        dialog("h1", {"a": True, "b": False}, {"a": True, "b": False}, questions=2, trial=0),
        dialog("h2", {"a": True}, {"a": True}, questions=4, trial=0),
        dialog("h1", {"a": True, "b": False}, {"a": True, "b": True}, questions=6, trial=1),
        dialog("h2", {"a": True}, {"a": True}, questions=6, trial=1),
        dialog("h1", {"a": True, "b": False}, {"a": True, "b": False}, questions=4, trial=2),
        dialog("h2", {"a": True}, {"a": True}, questions=4, trial=2),
    ]


def test_trial_figures_hand_computed():
    from eligibench.evaluation.scoring import trial_figures

    t = trial_figures(three_trials(), 3)
    # trial 0 and 2: TP 2, TN 1 -> F1 100; trial 1: TP 2, FP 1 -> P 2/3, R 1, F1 80
    assert t.f1 == pytest.approx({0: 100.0, 1: 80.0, 2: 100.0})
    assert t.turns == pytest.approx({0: 3.0, 1: 6.0, 2: 4.0})
    assert t.f1_sd == pytest.approx(float(np.std([100, 80, 100], ddof=1)))  # 11.547
    assert t.turns_sd == pytest.approx(float(np.std([3, 6, 4], ddof=1)))  # 1.528
    # pairs: h1.a right x3, h1.b wrong in trial 1, h2.a right x3 -> pass^3 = 2/3; same = 2/3
    assert t.pass_all == pytest.approx(200 / 3)
    assert t.same_all == pytest.approx(200 / 3)


def test_trial_figures_need_every_trial_and_one_trial_has_no_spread():
    from eligibench.evaluation.scoring import trial_figures

    results = three_trials()
    # h2's trial 2 lost to an infrastructure error: h2 leaves pass^k and sameness
    results[5] = dialog("h2", {"a": True}, None, trial=2, termination=INFRA_ERROR)
    t = trial_figures(results, 3)
    assert t.pass_all == pytest.approx(50.0) and t.same_all == pytest.approx(50.0)  # h1 only: a yes, b no
    one = trial_figures(three_trials()[:2], 1)
    assert one.f1_sd is None and one.turns_sd is None and one.same_all is None
    assert one.pass_all == pytest.approx(100.0)  # with one trial, pass^1 is accuracy


def test_split_cost_termination_mix_and_metric_rows():
    results = [
        dialog("h1", {"a": True}, {"a": True}, agent_calls=3, agent_prompt_tokens=100,
               agent_completion_tokens=20, user_calls=2, user_prompt_tokens=50, user_completion_tokens=10,
               wall_s=4.0),
        dialog("h2", {"a": True}, {"a": False}, termination=TURN_LIMIT, agent_calls=5, agent_prompt_tokens=300,
               agent_completion_tokens=40, user_calls=4, user_prompt_tokens=70, user_completion_tokens=30,
               wall_s=6.0),
        dialog("h3", {"a": True}, None, termination=INFRA_ERROR, agent_calls=99, wall_s=99.0),
        dialog("h4", {"a": True}, None, termination=AGENT_ERROR, agent_calls=1, agent_prompt_tokens=10),
    ]
    c = cost(results)
    assert c.agent_calls == pytest.approx(9 / 3)  # 3 + 5 + 1 over 3 scored dialogs
    assert c.agent_tokens == pytest.approx((120 + 340 + 10) / 3)
    assert c.simulator_calls == pytest.approx(6 / 3)
    assert c.simulator_tokens == pytest.approx((60 + 100) / 3)
    assert c.llm_calls_per_dialog == pytest.approx(c.agent_calls + c.simulator_calls)
    s = summarize({"diverse": results}, n_boot=50, seed=1, trials=1)
    table = {(d, n): v for d, n, v, *_ in s.to_rows()}
    assert table[("diverse", "term_ready")] == pytest.approx(25.0)
    assert table[("diverse", "term_turn_limit")] == pytest.approx(25.0)
    assert table[("diverse", "term_infrastructure_error")] == pytest.approx(25.0)
    assert table[("diverse", "term_agent_error")] == pytest.approx(25.0)
    assert table[("diverse", "term_user_error")] == 0.0
    assert table[("diverse", "wall_s")] == pytest.approx(10 / 3)
    assert table[("diverse", "households")] == 3  # h3 was not scored
    # one right of three scored pairs: P 1/1, R 1/3 -> F1 50; turns 0 -> turn-weighted 50
    assert table[("diverse", "precision")] == pytest.approx(100.0)
    assert table[("diverse", "recall")] == pytest.approx(100 / 3)
    assert table[("diverse", "turn_weighted_f1")] == pytest.approx(50.0)
    assert table[("diverse", "f1_trial_0")] == pytest.approx(50.0)
    assert table[("diverse", "f1_sd")] is None
    for name in ("agent_calls", "agent_tokens", "simulator_calls", "simulator_tokens", "wall_s",
                 "pass_all_trials", "households", "term_ready"):
        assert (AVERAGE, name) in table, name


def test_summarize_rows_per_trial_and_average_spread():
    s = summarize({"diverse": three_trials(), "representative": [
        dialog("r1", {"x": True}, {"x": True}, questions=1, trial=k, dataset="representative") for k in range(3)]},
        n_boot=20, seed=0, trials=3)
    table = {(d, n): v for d, n, v, *_ in s.to_rows()}
    assert table[("diverse", "f1_trial_1")] == pytest.approx(80.0)
    assert table[("representative", "f1_trial_1")] == pytest.approx(100.0)
    assert table[(AVERAGE, "f1_trial_1")] == pytest.approx(90.0)
    assert table[(AVERAGE, "f1_sd")] == pytest.approx(float(np.std([100, 90, 100], ddof=1)))
    assert table[(AVERAGE, "pass_all_trials")] == pytest.approx((200 / 3 + 100) / 2)
    assert table[(AVERAGE, "same_all_trials")] == pytest.approx((200 / 3 + 100) / 2)
