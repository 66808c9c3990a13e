"""Leaderboard queries over a real DuckDB file written through ResultStore (and its Parquet snapshot)."""
from __future__ import annotations

import json
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pandas as pd
import pytest

from eligibench.evaluation.scoring import summarize
from eligibench.results import AGENT_ERROR, INFRA_ERROR, READY, DialogResult, ResultStore, RunSpec, Turn
from leaderboard import queries as Q
from leaderboard.verdict_reasons import GroundTruth, render_reasons
from tests.leaderboard.synthetic import fake_households, write_run

ROOT = Path(__file__).resolve().parents[2]


def spec(name: str, simulator: str = "embedded:SmolLM2-135M-Instruct@t0.0/s0", strategy: str = "direct") -> RunSpec:
    return RunSpec(submission=name, agent_models={"default": "embedded:SmolLM2"}, simulator=simulator,
                   params={"seed": 0}, data_version="dv-1", datasets=("diverse", "representative"),
                   extra={"strategy": strategy})


def dialog(dataset, row_id, labels, predictions, n_turns=2, termination=READY, trial=0) -> DialogResult:
    turns = tuple(Turn(f"{row_id} question {i}?", f"{row_id} answer {i}.", 0.1, 0.2, 100, 10, None)
                  for i in range(n_turns))
    return DialogResult(row_id=row_id, dataset=dataset, trial=trial, turns=turns, predictions=predictions,
                        labels=labels, termination=termination, user_calls=n_turns,
                        user_prompt_tokens=100 * n_turns, user_completion_tokens=10 * n_turns)


# Run "alpha": 3 dialogs (one agent error, which is scored: its predictions count as wrong) and
# one infrastructure error (left out of everything).
ALPHA = [
    dialog("diverse", "d1", {"snap": True, "wic": False}, {"snap": True, "wic": True}, n_turns=3),
    dialog("diverse", "d2", {"snap": False}, None, n_turns=1, termination=AGENT_ERROR),
    dialog("representative", "r1", {"snap": True, "heap": True}, {"snap": True, "heap": True}, n_turns=4),
    dialog("representative", "r2", {"snap": True}, {"snap": False}, n_turns=2, termination=INFRA_ERROR),
]


def record(store: ResultStore, s: RunSpec, results: list[DialogResult], metrics: bool = True) -> str:
    run_id = store.ensure_run(s)
    store.record_dialogs(run_id, results)
    if metrics:
        by = {d: [r for r in results if r.dataset == d] for d in ("diverse", "representative")}
        store.record_metrics(run_id, summarize(by, n_boot=50, seed=0).to_rows())
        store.set_run_status(run_id, "done")
    return run_id


@pytest.fixture()
def store(tmp_path) -> ResultStore:
    return ResultStore(tmp_path / "results.duckdb")


@pytest.fixture()
def filled(store):
    alpha = record(store, spec("alpha"), ALPHA)
    beta = record(store, spec("beta", simulator="vllm:Llama@t0.0/s0", strategy="react"),
                  [dialog("diverse", "d1", {"snap": True, "wic": False}, {"snap": False, "wic": False}, n_turns=10)])
    running = record(store, spec("gamma"), [dialog("diverse", "d1", {"snap": True}, {"snap": True})], metrics=False)
    return store, {"alpha": alpha, "beta": beta, "gamma": running}


def test_main_table_rows_match_the_stored_metrics(filled):
    store, ids = filled
    with Q.StoreSource(store.path).reader() as r:
        table = Q.leaderboard_table(r)
    assert list(table.columns) == list(Q.TABLE_COLUMNS)
    ev = table[table["Source"] == Q.EVALUATED].set_index("Submission")
    assert set(ev.index) == {"alpha", "beta", "gamma"}
    m = {(x["dataset"], x["name"]): x for x in store.metrics(ids["alpha"])}
    a = ev.loc["alpha"]
    assert a["Diverse F1"] == pytest.approx(round(m[("diverse", "f1")]["value"], 1))
    assert a["Repr. turns"] == pytest.approx(4.0)  # the infrastructure-error dialog is left out
    assert a["TW-F1"] == pytest.approx(round(m[("average", "turn_weighted_f1")]["value"], 1))
    lo, hi = m[("diverse", "f1")]["ci_low"], m[("diverse", "f1")]["ci_high"]
    assert a["Diverse F1 95% CI"] == f"[{lo:.1f}, {hi:.1f}] n=2"  # households behind the interval
    # one scored Representative household (the other was an infrastructure error): no interval
    assert a["Repr. F1 95% CI"] == "n/a: 1 household(s), too few for an interval"
    assert a["Strategy"] == "direct" and a["Models"] == "default: embedded:SmolLM2"
    assert a["Run"] == ids["alpha"] and a["Data version"] == "dv-1" and a["Dialogs"] == 4
    # issue 36: one dialog ended in the agent's error: finished, but never ranked
    assert a["Status"] == "agent errors 1/4" and a[Q.AGENT_ERRORS] == 1 and ev.loc["beta", Q.AGENT_ERRORS] == 0
    assert "alpha" not in set(Q.ranking(table, None)["Submission"])
    # a run still being evaluated is listed with its progress, not hidden
    g = ev.loc["gamma"]
    assert pd.isna(g["TW-F1"]) and g["Status"] == "running (1 dialogs so far)"


def test_reported_rows_come_from_the_project_copy_of_v1_results(store):
    paper = json.loads(Q.PAPER_RESULTS.read_text())
    assert "shared/reference/paper_results.json" in paper["source"]
    with Q.StoreSource(store.path).reader() as r:  # no store file yet: reported rows only
        table = Q.leaderboard_table(r)
    assert len(table) == len(paper["rows"]) and set(table["Source"]) == {Q.REPORTED}
    proada = table[table["Submission"] == "v1 proada (GPT-4o)"].iloc[0]
    assert (proada["Avg F1"], proada["Avg turns"], proada["TW-F1"]) == (56.2, 20.4, 46.7)
    assert table["TW-F1"].is_monotonic_decreasing  # best first
    with Q.StoreSource(store.path).reader() as r:
        assert Q.leaderboard_table(r, include_reported=False).empty


def test_sort_filter_and_choose_columns(filled):
    store, _ = filled
    with Q.StoreSource(store.path).reader() as r:
        table = Q.leaderboard_table(r)
    by_turns = Q.sort_table(table, "Avg turns", descending=False)
    turns = by_turns["Avg turns"].dropna().tolist()
    assert turns == sorted(turns) and by_turns["Avg turns"].isna().sum() == table["Avg turns"].isna().sum()
    assert by_turns["Avg turns"].iloc[-1:].isna().all()  # missing values last
    only_eval = Q.filter_table(table, sources=[Q.EVALUATED])
    assert set(only_eval["Submission"]) == {"alpha", "beta", "gamma"}
    assert Q.filter_table(table, simulators=["vllm:Llama@t0.0/s0"])["Submission"].tolist() == ["beta"]
    assert Q.filter_table(table, text="REACT", sources=[Q.EVALUATED])["Submission"].tolist() == ["beta"]
    shown = Q.select_columns(table, ["TW-F1", "Run"])
    assert list(shown.columns) == ["Rank", "Submission", "TW-F1", "Run"]
    scatter = Q.scatter_frame(table)
    assert "gamma" not in set(scatter["Submission"])  # no metrics, no point
    assert {"alpha", "beta", "v1 proada (GPT-4o)"} <= set(scatter["Submission"])


def test_dialogs_and_transcripts(filled):
    store, ids = filled
    with Q.StoreSource(store.path).reader() as r:
        dl = Q.dialog_list(r, ids["alpha"])
        t = Q.transcript(r, ids["alpha"], "diverse", "d1", 0)
        missing = Q.transcript(r, ids["alpha"], "diverse", "nope", 0)
        choices = Q.run_choices(r)
    assert list(dl.columns) == list(Q.DIALOG_COLUMNS)
    rows = {(x.Dataset, x.Household): x for x in dl.itertuples()}
    assert (rows[("diverse", "d1")].Correct, rows[("diverse", "d1")].Pairs) == (1, 2)
    # the ending in words (issue 36): the store's code stays the filter's value
    assert (rows[("diverse", "d2")].Correct, rows[("diverse", "d2")].Termination) == (0, Q.TERMINATION_WORDS[AGENT_ERROR])
    assert [x["question"] for x in t["turns"]] == [f"d1 question {i}?" for i in range(3)]
    assert {p["opportunity"]: (p["predicted"], p["label"]) for p in t["predictions"]} == {
        "snap": (True, True), "wic": (True, False)}
    assert t["run"]["submission"] == "alpha" and missing is None
    assert {rid for _, rid in choices} == set(ids.values())
    key = Q.dialog_key("representative", "r1", 0)
    assert Q.parse_dialog_key(key) == ("representative", "r1", 0)


def test_per_opportunity_accuracy_follows_the_metric_conventions(filled):
    store, ids = filled
    with Q.StoreSource(store.path).reader() as r:
        long = Q.opportunity_accuracy(r, [ids["alpha"]])
        none = Q.opportunity_accuracy(r, [])
    acc = {x.opportunity: (x.accuracy, x.pairs) for x in long.itertuples()}
    # snap: d1 right, d2 missing (wrong), r1 right; r2 is an infrastructure error: left out
    assert acc["snap"] == (pytest.approx(200 / 3), 3)
    assert acc["wic"] == (0.0, 1) and acc["heap"] == (100.0, 1)
    assert none.empty
    matrix = Q.accuracy_matrix(long, {ids["alpha"]: "alpha"})
    assert list(matrix.index) == ["alpha"] and set(matrix.columns) == {"snap", "wic", "heap"}


def test_queue_simulators_and_audit(filled, tmp_path):
    store, _ = filled
    qid = store.enqueue("delta", "submissions/delta")
    store.enqueue("epsilon", "submissions/epsilon")
    assert store.claim_next()["id"] == qid
    store.finish_queue(qid, "failed", "AgentFault: boom")
    with Q.StoreSource(store.path).reader() as r:
        queue = Q.queue_table(r)
        sims = Q.simulator_stats(r)
        assert Q.audits(r, tmp_path / "missing.json") == []
    assert queue["Submission"].tolist() == ["epsilon", "delta"]
    assert queue.set_index("Submission").loc["delta", "Status"] == "failed"
    assert queue.set_index("Submission").loc["delta", "Reason"] == "AgentFault: boom"
    assert queue.set_index("Submission").loc["epsilon", "Status"] == "pending"
    assert "Path" not in queue.columns  # no server path on a page
    by_sim = sims.set_index("Simulator")
    assert by_sim.loc["embedded:SmolLM2-135M-Instruct@t0.0/s0", "Runs"] == 2
    assert by_sim.loc["vllm:Llama@t0.0/s0", "Answers"] == 10
    # the audit file is the fallback; the store's audit table wins when present
    audit_file = tmp_path / "audit.json"
    audit_file.write_text(json.dumps({"simulator": "file-sim", "probes": 10, "faithful": 9, "faithful_pct": 90.0}))
    with Q.StoreSource(store.path).reader() as r:
        assert [a.simulator for a in Q.audits(r, audit_file)] == ["file-sim"]
    if hasattr(store, "record_audit"):
        store.record_audit("embedded:SmolLM2-135M-Instruct@t0.0/s0",
                           {"probes": 20, "faithful": 15, "faithful_pct": 75.0, "data_version": "dv-1",
                            "by_kind": {"age": {"probes": 5, "faithful_pct": 100.0}}})
        with Q.StoreSource(store.path).reader() as r:
            found = Q.audits(r, audit_file)
        assert [a.simulator for a in found] == ["embedded:SmolLM2-135M-Instruct@t0.0/s0"]
        assert found[0].summary["faithful_pct"] == 75.0 and found[0].summary["by_kind"]["age"]["probes"] == 5


def test_snapshot_source_reads_the_same_tables(filled, tmp_path):
    store, ids = filled
    store.export_parquet(tmp_path / "snap")
    with Q.StoreSource(store.path).reader() as r:
        live = Q.leaderboard_table(r)
        live_acc = Q.opportunity_accuracy(r)
    with Q.SnapshotSource(tmp_path / "snap").reader() as r:
        snap = Q.leaderboard_table(r)
        snap_acc = Q.opportunity_accuracy(r)
        t = Q.transcript(r, ids["alpha"], "diverse", "d1", 0)
    pd.testing.assert_frame_equal(live, snap)
    pd.testing.assert_frame_equal(live_acc, snap_acc)
    assert len(t["turns"]) == 3
    with Q.SnapshotSource(tmp_path / "nothing-here").reader() as r:
        assert r.empty and Q.evaluated_rows(r).empty


_HOLDER = textwrap.dedent("""
    import sys, time, duckdb
    con = duckdb.connect(sys.argv[1])  # read-write: locks out every other process
    con.execute("BEGIN TRANSACTION")
    print("held", flush=True)
    time.sleep(float(sys.argv[2]))
    con.execute("COMMIT")
    con.close()
""")


def test_readers_retry_while_a_writer_holds_the_file(filled):
    store, _ = filled
    holder = subprocess.Popen([sys.executable, "-c", _HOLDER, str(store.path), "1.5"], stdout=subprocess.PIPE, text=True)
    try:
        assert holder.stdout.readline().strip() == "held"
        with pytest.raises(Q.StoreLockedError, match="locked"):
            with Q.StoreSource(store.path, read_timeout=0.3).reader():
                pass
        t0 = time.monotonic()
        with Q.StoreSource(store.path, read_timeout=20).reader() as r:
            table = Q.leaderboard_table(r)
        assert time.monotonic() - t0 > 0.2  # it had to wait for the writer
        assert "alpha" in set(table["Submission"])
    finally:
        holder.wait(timeout=30)


def test_ground_truth_reason_is_the_checker_trace(lb_dataset):
    from checkers import registry
    from eligibench.datasets import dataset_path, read_parquet

    gt = GroundTruth(lb_dataset, ROOT / "opportunities")
    row = read_parquet(dataset_path(lb_dataset, "diverse"))[0]
    reasons = gt.reasons("diverse", row.id, list(row.opportunities), row.data_version)
    assert [x.opportunity for x in reasons] == list(row.opportunities)
    for reason, label, trace_id in zip(reasons, row.labels, row.trace_ids):
        assert reason.label == label == reason.verdict
        assert reason.trace_id == trace_id and reason.trace_matches
        assert reason.requirements and reason.checker_path.startswith("checkers/")
        executed = [n for n, _, ran in reason.lines if ran]
        src = Path(registry()[reason.opportunity].__file__).read_text().splitlines()
        assert all(src[n - 1].strip() == text.strip() for n, text, _ in reason.lines)
        assert any(src[n - 1].strip().startswith("return") for n in executed)
    html = render_reasons(reasons, dict(zip(row.opportunities, row.labels)))
    first_line = reasons[0].lines[0][0]
    assert f'<span class="bf-ln">{first_line:>4}</span>' in html and "✓" in html and "✗" not in html
    missing = gt.reasons("diverse", "no-such-household", [row.opportunities[0]])
    assert missing[0].error and not missing[0].lines


def test_synthetic_runs_fill_the_table(store):
    households = fake_households(4, 3, seed=1, opportunities=["snap", "wic", "heap", "ctc"])
    write_run(store, households, "synthetic-a", n_boot=20)
    with Q.StoreSource(store.path).reader() as r:
        table = Q.leaderboard_table(r, include_reported=False)
    assert table["Submission"].tolist() == ["synthetic-a-full"] and not pd.isna(table["TW-F1"].iloc[0])


def test_heatmap_html_colours_cells_and_marks_missing_pairs(filled):
    from leaderboard.app import AppConfig, Board

    store, ids = filled
    board = Board(AppConfig(store=store.path, audit_file=None))
    html, values = board.heatmap([ids["beta"], ids["alpha"]], {ids["alpha"]: "alpha", ids["beta"]: "beta"})
    assert html.index(">beta<") < html.index(">alpha<")  # rows in the order asked for
    assert 'title="alpha · snap: 66.7% of 3 pairs · click for these dialogs"' in html
    # a cell links to the run's dialogs with that opportunity wrong (a deep link)
    assert f'href="?run={ids["alpha"]}&amp;tab=dialogs&amp;opportunity=snap&amp;wrong=1"' in html
    assert 'class="bf-na" title="beta · heap: no household had it"' in html
    assert values["Run"].tolist() == ["beta", "alpha"]
    empty_html, empty_values = board.heatmap([], {})
    assert "No predictions yet" in empty_html and empty_values.empty
