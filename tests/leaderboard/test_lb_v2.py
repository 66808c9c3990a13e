"""Leaderboard v2 data: protocols, older stores, filters, exports, the busy store, rate limits."""
from __future__ import annotations

import json
import subprocess
import sys

import pandas as pd
import pytest

from eligibench.results import ResultStore
from leaderboard import queries as Q
from leaderboard.ratelimit import RateLimiter
from tests.leaderboard.synthetic import fake_households, write_run
from tests.results.schema_v1 import as_schema_v1


@pytest.fixture()
def households():
    return fake_households(6, 4, seed=3, opportunities=["snap", "wic", "heap", "lunch"])


@pytest.fixture()
def mixed(tmp_path, households):
    store = ResultStore(tmp_path / "results.duckdb")
    ids = {
        "a": write_run(store, households, "full-a", questions=3, n_boot=30),
        "b": write_run(store, households, "full-b", questions=9, skill=0.5, n_boot=30, seed=1),
        "smoke": write_run(store, households, "smoke-c", questions=1, skill=1.0, n_boot=30, kind="smoke"),
        "legacy": write_run(store, households, "legacy-d", n_boot=30, kind=None),
    }
    return store, ids


def test_protocol_sections_never_rank_a_smoke_run_with_full_runs(mixed):
    store, ids = mixed
    with Q.StoreSource(store.path).reader() as r:
        table = Q.leaderboard_table(r)
        protos = Q.protocols(r)
    kinds = sorted(p.kind for p in protos.values())
    assert kinds == ["full", Q.NO_PROTOCOL, "smoke"]
    full = Q.default_protocol(protos)
    assert protos[full].kind == "full" and protos[full].runs == 2
    ranked = Q.ranking(table, full)
    assert sorted(ranked["Submission"]) == ["full-a-full", "full-b-full"]  # display name = configuration  # no smoke, no legacy, no v1 rows
    assert ranked["TW-F1"].is_monotonic_decreasing
    smoke = next(p for p in protos.values() if p.kind == "smoke")
    assert Q.ranking(table, smoke.id)["Submission"].tolist() == ["smoke-c-smoke"]
    diffs = Q.protocol_differences(protos[full], smoke)
    assert "a smoke protocol, not the full one" in diffs
    assert "diverse: 2 of 6 households (full: 6)" in diffs
    assert Q.ranking(table, Q.NO_PROTOCOL)["Submission"].tolist() == ["legacy-d-legacy"]
    reported = table[table["Source"] == Q.REPORTED]
    assert set(reported["Protocol"]) == {Q.V1_PROTOCOL}


def test_a_store_written_before_the_contracts_still_shows(tmp_path, households):
    store = ResultStore(tmp_path / "old.duckdb")
    rid = write_run(store, households, "old-agent", n_boot=20, contract=False)
    as_schema_v1(store.path)  # as a version-1 store wrote it (the app reads it without migrating)
    with Q.StoreSource(store.path).reader() as r:
        assert "protocol_id" not in r.columns("runs") and not r.has("turn_facts")
        protos = Q.protocols(r)
        table = Q.evaluated_rows(r)
        dialogs = Q.dialog_list(r, rid, Q.DialogFilter(cause="rule_misapplied"))
        everything = Q.dialog_list(r, rid)
        t = Q.transcript(r, rid, households[0].dataset, households[0].row_id, 0)
    assert list(protos) == [Q.NO_PROTOCOL] and Q.default_protocol(protos) == Q.NO_PROTOCOL
    assert table["Protocol"].tolist() == [Q.NO_PROTOCOL] and table["Config"].tolist() == [""]
    assert dialogs.empty and len(everything) == len(households)
    assert t["facts"] == [] and t["failures"] == {} and t["process"] is None and t["notes"] == {}
    assert Q.protocol_differences(None, protos[Q.NO_PROTOCOL])[0].startswith("these runs were written before")


def test_intervals_show_household_counts_and_na_when_degenerate():
    assert Q.interval_text(40.0, 55.5, 44) == "[40.0, 55.5] n=44"
    assert Q.interval_text(66.7, 66.7, 1) == "n/a: 1 household(s), too few for an interval"
    # zero width says nothing either, and the cell says why in words
    assert Q.interval_text(66.7, 66.7, 30) == "n/a: every resample gave the same value (30 households)"
    assert Q.interval_text(10.0, 20.0, 1) == "n/a: 1 household(s), too few for an interval"
    assert Q.interval_text(None, None) == ""
    assert Q.interval_bounds("[40.0, 55.5] n=44") == (40.0, 55.5) and Q.interval_bounds(Q.interval_text(10.0, 20.0, 1)) is None


def test_numeric_filters_compare_numbers_not_text():
    table = pd.DataFrame({c: [None, None, None] for c in Q.TABLE_COLUMNS})
    table["Submission"] = ["nine", "ten", "hundred"]
    table["Avg turns"] = [9.0, 10.0, 100.0]
    table[["Strategy", "Models", "Simulator", "Config", "Run", "Source"]] = ""
    assert Q.filter_table(table, "Avg turns > 9.5")["Submission"].tolist() == ["ten", "hundred"]
    assert Q.filter_table(table, "avg turns <= 10; ten")["Submission"].tolist() == ["ten"]
    with pytest.raises(ValueError, match="no numeric column 'Strategy'"):
        Q.filter_table(table, "Strategy > 3")


def test_dialog_filters_by_wrong_pairs_opportunity_termination_and_cause(mixed):
    store, ids = mixed
    with Q.StoreSource(store.path).reader() as r:
        every = Q.dialog_list(r, ids["b"])
        wrong = Q.dialog_list(r, ids["b"], Q.DialogFilter(wrong_only=True))
        snap_wrong = Q.dialog_list(r, ids["b"], Q.DialogFilter(wrong_only=True, opportunity="snap"))
        ready = Q.dialog_list(r, ids["b"], Q.DialogFilter(termination="ready"))
        cause = Q.dialog_list(r, ids["b"], Q.DialogFilter(cause="rule_misapplied"))
        facets = Q.dialog_facets(r, ids["b"])
        failures = r.df("SELECT DISTINCT row_id FROM pair_failures WHERE run_id = ? AND cause = 'rule_misapplied'",
                        [ids["b"]])
        snap = r.df("SELECT DISTINCT row_id FROM predictions WHERE run_id = ? AND opportunity = 'snap'"
                    " AND label IS NOT NULL AND predicted IS DISTINCT FROM label", [ids["b"]])
    assert len(wrong) == int((every["Wrong"] > 0).sum()) and (wrong["Wrong"] > 0).all()
    assert sorted(snap_wrong["Household"]) == sorted(snap["row_id"])
    assert set(ready["Termination"]) <= {"the agent said it was ready"}  # in words (issue 36)
    assert sorted(cause["Household"]) == sorted(failures["row_id"])
    assert "rule_misapplied" in facets["cause"] and "snap" in facets["opportunity"]


def test_run_export_is_the_evaluate_summary_plus_dialogs(mixed, households):
    store, ids = mixed
    with Q.StoreSource(store.path).reader() as r:
        data = Q.run_export(r, ids["a"])
        assert Q.run_export(r, "no-such-run") is None
    json.dumps(data)  # JSON-able as it is
    assert {"submission", "run_id", "data_version", "simulator", "metrics"} <= set(data)
    stored = {f"{m['dataset']}.{m['name']}": m["value"] for m in store.metrics(ids["a"])}
    assert data["metrics"] == pytest.approx(stored, nan_ok=True)
    assert len(data["dialogs"]) == len(households)
    d = data["dialogs"][0]
    assert len(d["turns"]) == d["n_turns"] and set(d["predictions"]) <= {"snap", "wic", "heap", "lunch"}
    csv_text, json_text = Q.table_export(pd.DataFrame({"Submission": ["x"], "TW-F1": [1.5]}))
    assert csv_text.splitlines()[0] == "Submission,TW-F1" and json.loads(json_text) == [{"Submission": "x", "TW-F1": 1.5}]


def test_queue_in_words_without_paths(tmp_path):
    store = ResultStore(tmp_path / "q.duckdb")
    a = store.enqueue("alpha", tmp_path / "submissions" / "alpha")
    store.enqueue("beta", tmp_path / "submissions" / "beta")
    store.claim_next()
    store.finish_queue(a, "failed", f"ImportError in {tmp_path}/submissions/alpha/agent.py (PID 4242)")
    with Q.StoreSource(store.path).reader() as r:
        q = Q.queue_table(r).set_index("Submission")
    assert q.loc["alpha", "Status"] == "failed" and q.loc["beta", "Status"] == "pending"
    assert q.loc["alpha", "Reason"] == "ImportError in …/agent.py (process)"
    assert str(tmp_path) not in q.to_csv()


def test_sanitize_cuts_paths_and_process_ids():
    raw = ('IO Error: Could not set lock on file "/srv/app/results/benyfits.duckdb": Conflicting lock is held in '
           "/usr/bin/python3.11 (PID 12345)")
    clean = Q.sanitize(raw)
    assert "/srv" not in clean and "/usr/bin" not in clean and "12345" not in clean
    assert "benyfits.duckdb" in clean


def test_board_serves_the_last_good_data_while_a_writer_holds_the_store(mixed):
    from leaderboard.app import AppConfig, Board

    store, ids = mixed
    board = Board(AppConfig(store=store.path, audit_file=None, read_timeout=0.3))
    good = board.page()
    assert not good.busy and ids["a"] in set(good.table["Run"])
    cold = Board(AppConfig(store=store.path, audit_file=None, read_timeout=0.3))
    writer = subprocess.Popen([sys.executable, "-c", "import duckdb, sys; c = duckdb.connect(sys.argv[1]);"
                               " c.execute('CREATE TABLE _writing (x INT)');"
                               " print('locked', flush=True); sys.stdin.read()", str(store.path)],
                              stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
    try:
        assert writer.stdout.readline().strip() == "locked"
        busy = board.page()
        assert busy.busy and busy.table.equals(good.table)  # the last good data
        first = cold.page()  # nothing read yet: v1's reported rows only (they never need the store)
        assert first.busy and set(first.table["Source"]) == {Q.REPORTED}
        with pytest.raises(Q.StoreLockedError) as e:
            board.queue()
        assert str(store.path) not in Q.sanitize(e.value)  # what a page could ever show
    finally:
        writer.stdin.close()
        writer.wait(timeout=30)
    assert not cold.page().busy  # recovers once the lock is gone
    again = board.page()
    assert board.page() is again  # nothing written since: served without opening the store


def test_rate_limiter_counts_per_client_in_a_sliding_window():
    now = [0.0]
    limiter = RateLimiter(2, 60.0, clock=lambda: now[0])
    assert limiter.allow("a")[0] and limiter.allow("a")[0]
    allowed, wait = limiter.allow("a")
    assert not allowed and wait == pytest.approx(60.0)
    assert limiter.allow("b")[0]  # another client is not affected
    now[0] = 61.0
    assert limiter.allow("a")[0]


def test_an_incomplete_run_is_listed_but_never_ranked(tmp_path, households):
    store = ResultStore(tmp_path / "results.duckdb")
    write_run(store, households, "full-a", questions=3, n_boot=30)
    outage = write_run(store, households, "outage-b", questions=3, skill=1.0, n_boot=30, seed=2)
    store.set_run_status(outage, "incomplete")  # infrastructure errors left dialogs unscored
    with Q.StoreSource(store.path).reader() as r:
        table = Q.leaderboard_table(r)
        protos = Q.protocols(r)
        runs = [label for label, _ in Q.run_choices(r)]
    assert Q.ranking(table, Q.default_protocol(protos))["Submission"].tolist() == ["full-a-full"]
    assert any("outage-b" in label and "incomplete" in label for label in runs)


def test_process_and_failure_shares_and_every_turn_faithfulness_are_on_the_board(tmp_path, households):
    import duckdb

    store = ResultStore(tmp_path / "results.duckdb")
    rid = write_run(store, households, "full-a", questions=3, n_boot=30)
    con = duckdb.connect(str(store.path))
    con.executemany("INSERT INTO metrics VALUES (?, ?, ?, ?, NULL, NULL)", [
        (rid, "diverse", "cause_rule_misapplied", 0.5), (rid, "representative", "cause_rule_misapplied", 0.25),
        (rid, "diverse", "needed_coverage", 0.8)])
    faithful, judged, contradicted = con.execute(
        "SELECT count(*) FILTER (WHERE verdict = 'faithful'),"
        " count(*) FILTER (WHERE verdict IN ('faithful', 'contradicted', 'dont_know')),"
        " count(*) FILTER (WHERE verdict = 'contradicted') FROM simulator_checks WHERE run_id = ?", [rid]).fetchone()
    con.close()
    with Q.StoreSource(store.path).reader() as r:
        row = Q.evaluated_rows(r).iloc[0]
        card = Q.simulator_stats(r).iloc[0]
    assert row["Wrong: rule misapplied %"] == 37.5  # the mean of the two datasets' shares
    assert row["Needed-fact coverage %"] == 80.0 and row["Wrong: false fact %"] is None
    assert judged > 0 and card["Faithful answers % (every turn)"] == round(100 * faithful / judged, 2)
    assert card["Contradicted answers"] == contradicted
