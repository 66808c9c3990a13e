"""The priorities track's figures (evaluation/scoring/priorities.py): weighted F1 counts each pair
at its household weight; recommendation match against the highest-weight eligible program ("none"
when none); give-up match of the programs predicted before their needed facts were disclosed
against the lowest-weight ones; questions against patience; intervals and rank ranges."""
from __future__ import annotations

import pytest

from eligibench.evaluation.scoring import (
    Household,
    gold_recommendation,
    paired_gap,
    priority_figures,
    priority_rank_ranges,
)
from eligibench.results import DialogResult, Turn

HH = Household({"a": 0.6, "b": 0.3, "c": 0.1},
               {"a": frozenset({"m0.age"}), "b": frozenset({"m0.income"}), "c": frozenset({"m0.disabled"})})
LABELS = {"a": True, "b": True, "c": False}


def _dialog(row, preds, rec=None, facts=(), turns=2, dataset="diverse"):
    return DialogResult(row, dataset, 0, tuple(Turn("q?", "a.") for _ in range(turns)), preds, LABELS, "ready",
                        turn_facts=tuple((0, k, 1) for k in facts), recommendation=rec)


def _households(n, dataset="diverse"):
    return {(dataset, f"h{i}"): HH for i in range(n)}


def test_weighted_f1_counts_each_pair_at_its_weight():
    wrong_first = priority_figures([_dialog("h0", {"a": False, "b": True, "c": False})], _households(1), n_boot=20)
    wrong_last = priority_figures([_dialog("h0", {"a": True, "b": True, "c": True})], _households(1), n_boot=20)
    # wTP .3, wFN .6 -> 2*.3/(.6+.6) = 50; wTP .9, wFP .1 -> 1.8/1.9
    assert wrong_first["priority_weighted_f1"].value == pytest.approx(50.0)
    assert wrong_last["priority_weighted_f1"].value == pytest.approx(100 * 1.8 / 1.9)
    assert wrong_first["recommendation_match"].value is None  # no recommendation made: no figure


def test_recommendation_gold_is_the_highest_weight_eligible_program_or_none():
    assert gold_recommendation(HH.weights, LABELS) == "a"
    assert gold_recommendation(HH.weights, {"a": False, "b": True, "c": True}) == "b"
    assert gold_recommendation(HH.weights, {"a": False, "b": False, "c": False}) == "none"
    preds = dict(LABELS)
    runs = [_dialog("h0", preds, "a"), _dialog("h1", preds, "b"), _dialog("h2", preds, None), _dialog("h3", preds, "a")]
    f = priority_figures(runs, _households(4), n_boot=200)
    assert f["recommendation_match"].value == pytest.approx(50.0)  # a missing one is a miss
    low, high = f["recommendation_match"].ci
    assert 0 <= low < 50 < high <= 100


def test_give_up_match_scores_giving_up_the_least_important_programs():
    preds = dict(LABELS)
    gave_up_c = _dialog("h0", preds, facts=("m0.age", "m0.income"))  # c undetermined: the lowest weight
    gave_up_a = _dialog("h1", preds, facts=("m0.income", "m0.disabled"))  # a undetermined: the highest
    all_known = _dialog("h2", preds, facts=("m0.age", "m0.income", "m0.disabled"))  # no choice: left out
    f = priority_figures([gave_up_c, gave_up_a, all_known], _households(3), n_boot=20)
    assert f["give_up_match"].value == pytest.approx(50.0) and f["give_up_dialogs"].value == 2
    assert priority_figures([gave_up_c], _households(1), n_boot=5)["give_up_match"].value == 100.0
    assert priority_figures([gave_up_a], _households(3), n_boot=5)["give_up_match"].value == 0.0


def test_questions_against_patience():
    f = priority_figures([_dialog("h0", dict(LABELS), turns=3), _dialog("h1", dict(LABELS), turns=6)],
                         _households(2), patience=6, n_boot=20)
    assert f["patience_used"].value == pytest.approx(75.0) and f["patience_spent"].value == pytest.approx(50.0)
    assert priority_figures([_dialog("h0", dict(LABELS))], _households(1), n_boot=5)["patience_used"].value is None


def test_rank_ranges_and_the_paired_gap_put_the_better_entry_first():
    n = 30
    good = [_dialog(f"h{i}", dict(LABELS), "a") for i in range(n)]
    bad = [_dialog(f"h{i}", {"a": False, "b": True, "c": i % 2 == 0}, "b") for i in range(n)]
    ranks = priority_rank_ranges({"good": good, "bad": bad}, _households(n), n_boot=200)
    assert ranks["priority_weighted_f1"]["good"].text == "1" and ranks["priority_weighted_f1"]["bad"].text == "2"
    assert ranks["recommendation_match"]["good"].best == 1
    gap = paired_gap(good, bad, _households(n), n_boot=200)
    assert gap["recommendation_match"]["diff"] == pytest.approx(100.0)
    assert gap["priority_weighted_f1"]["ci_low"] > 0


def test_stored_parts_rank_runs_as_the_dialogs_do(tmp_path):
    import duckdb

    from eligibench.evaluation.scoring import matrix_from_part_rows, part_rows, rank_ranges_from_parts
    from eligibench.results import ResultStore, RunSpec

    n = 12
    runs = {"good": [_dialog(f"h{i}", dict(LABELS), "a") for i in range(n)],
            "bad": [_dialog(f"h{i}", {"a": False, "b": True, "c": False}, None) for i in range(n)]}
    store = ResultStore(tmp_path / "r.duckdb")
    mats = {}
    for name, results in runs.items():
        rid = store.ensure_run(RunSpec(submission=name, agent_models={}, simulator="s", params={}, data_version="d",
                                       datasets=("diverse",)))
        store.record_priority_parts(rid, part_rows(results, _households(n), None))
        con = duckdb.connect(str(store.path), read_only=True)
        stored = con.execute("SELECT * EXCLUDE (run_id) FROM priority_parts WHERE run_id = ?", [rid]).fetchall()
        con.close()
        mats[name] = matrix_from_part_rows(stored)
    from_store = rank_ranges_from_parts(mats, n_boot=100)
    direct = priority_rank_ranges(runs, _households(n), n_boot=100)
    assert from_store == direct
    assert "bad" not in from_store["recommendation_match"]  # made no recommendation: unranked on it
