"""The board's Priorities view (`queries.priorities`): per run under a patience, priority-weighted F1,
recommendation match and give-up match with the intervals the run stored and rank ranges among the
runs of the same protocol from the stored per-dialog parts; a run without recommendations is blank
and unranked on recommendation match."""
from __future__ import annotations

from eligibench.evaluation.scoring import Household, part_rows, priority_figures, priority_metric_rows
from eligibench.results import DialogResult, ResultStore, RunSpec, Turn, metric
from leaderboard import queries as Q

HH = Household({"a": 0.6, "b": 0.3, "c": 0.1},
               {"a": frozenset({"m0.age"}), "b": frozenset({"m0.income"}), "c": frozenset({"m0.disabled"})})
LABELS = {"a": True, "b": True, "c": False}
N = 16


def _run(store, name, preds, rec):
    rid = store.ensure_run(RunSpec(submission=name, agent_models={}, simulator="s", params={}, data_version="d",
                                   datasets=("diverse",), protocol_id="p1"))
    results = [DialogResult(f"h{i}", "diverse", 0, (Turn("q?", "a."),), preds, LABELS, "ready",
                            turn_facts=((0, "m0.age", 1), (0, "m0.income", 1)), recommendation=rec) for i in range(N)]
    households = {("diverse", f"h{i}"): HH for i in range(N)}
    store.record_dialogs(rid, results)
    store.record_priority_parts(rid, part_rows(results, households, 4))
    store.record_metrics(rid, priority_metric_rows(priority_figures(results, households, 4, n_boot=50)))
    store.set_run_status(rid, "done")
    return rid


def test_the_priorities_view_ranks_runs_of_one_protocol_with_their_intervals(tmp_path):
    store = ResultStore(tmp_path / "r.duckdb")
    _run(store, "aware", dict(LABELS), "a")
    _run(store, "plain", {"a": False, "b": True, "c": False}, None)
    with Q.StoreSource(store.path).reader() as r:
        df = Q.priorities(r)
    wf1, rec, give = (metric(n).label for n in ("priority_weighted_f1", "recommendation_match", "give_up_match"))
    rows = {row["submission"]: row for row in df.to_dict("records")}
    assert list(df["submission"]) == ["aware", "plain"]  # best weighted F1 first
    assert rows["aware"][wf1] == 100.0 and rows["aware"][f"{wf1} rank"] == "1 of 2"
    assert rows["plain"][f"{wf1} rank"] == "2 of 2" and rows["plain"][f"{wf1} 95% CI"].startswith("[")
    assert rows["aware"][rec] == 100.0 and rows["aware"][f"{rec} rank"] == "1 of 1"
    assert rows["plain"][f"{rec} rank"] == "" and rows["plain"][f"{rec} 95% CI"] == ""
    assert rows["aware"][give] == 100.0  # gave up c, the least important
    assert rows["aware"]["households"] == N


def test_an_empty_store_has_an_empty_priorities_view(tmp_path):
    with Q.StoreSource(tmp_path / "none.duckdb").reader() as r:
        assert Q.priorities(r).empty
