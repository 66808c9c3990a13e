"""ResultStore over real DuckDB files: schema, round trips, resume after SIGKILL, lock contention."""
from __future__ import annotations

import os
import signal
import subprocess
import sys
import textwrap
import threading
import time
from dataclasses import replace
from pathlib import Path

import duckdb
import pytest

from eligibench.results import (
    AGENT_ERROR,
    INFRA_ERROR,
    READY,
    SCHEMA_VERSION,
    TURN_LIMIT,
    DialogResult,
    ResultStore,
    RunSpec,
    SchemaVersionError,
    StoreLockedError,
    Turn,
    run_id_for,
)
from eligibench.results import schema as schema_mod

ROOT = Path(__file__).resolve().parents[2]
TESTS = Path(__file__).resolve().parent

SPEC = RunSpec(
    submission="random",
    agent_models={"agent": "none"},
    simulator="embedded:smollm2-135m@0.0/7",
    params={"seed": 7, "max_questions": 100, "nested": {"b": [1, 2], "a": None}},
    data_version="abc123",
    datasets=("diverse", "representative"),
    trials=2,
)
EXPECTED = [(ds, f"h{r:02d}", t) for ds in SPEC.datasets for r in range(6) for t in range(SPEC.trials)]


def make_result(dataset: str, row_id: str, trial: int) -> DialogResult:
    """A deterministic dialog for a key: 1-6 turns, 3 opportunities, varied terminations."""
    n = int(row_id[1:])
    k = 1 + (n * 7 + trial * 3 + len(dataset)) % 6
    turns = tuple(
        Turn(f"Q{i} for {row_id}: what's your income?", f"A{i}: it's $1,{i}00 — 'roughly'",
             0.25 * i, 0.5 + i, 100 + i, 10 + i, None if i % 2 else 50 * i)
        for i in range(k)
    )
    labels = {"snap": n % 2 == 0, "wic": n % 3 == 0, "heap": trial == 1}
    termination = (READY, TURN_LIMIT, AGENT_ERROR)[n % 3]
    predictions = None if termination == AGENT_ERROR else {o: not v for o, v in labels.items()}
    return DialogResult(
        row_id=row_id, dataset=dataset, trial=trial, turns=turns, predictions=predictions,
        labels=labels, termination=termination,
        error="ValueError: bad output" if termination == AGENT_ERROR else None,
        wall_s=1.5 * k, agent_calls=2 * k, agent_prompt_tokens=1000 * k,
        agent_completion_tokens=20 * k, user_calls=k, user_prompt_tokens=sum(t.prompt_tokens for t in turns),
        user_completion_tokens=sum(t.completion_tokens for t in turns), user_cached_tokens=7 * k,
    )


def _env() -> dict[str, str]:
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join([str(ROOT), str(TESTS), env.get("PYTHONPATH", "")])
    return env


def _spawn(code: str, *args: str) -> subprocess.Popen:
    return subprocess.Popen(
        [sys.executable, "-c", textwrap.dedent(code), *args],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=_env(), cwd=str(ROOT),
    )


def _raw(path: Path, sql: str, args=None):
    con = duckdb.connect(str(path), read_only=True)
    try:
        return con.execute(sql, args or []).fetchall()
    finally:
        con.close()


def _check_integrity(path: Path, run_id: str, keys) -> None:
    """Each key present exactly once, with all its turns and predictions, and no orphans."""
    keys = set(keys)
    rows = _raw(path, "SELECT dataset, row_id, trial, count(*) FROM dialogs WHERE run_id = ?"
                " GROUP BY ALL", [run_id])
    assert {(d, r, t) for d, r, t, _ in rows} == keys
    assert all(c == 1 for *_, c in rows)
    turns = dict(((d, r, t), c) for d, r, t, c in _raw(
        path, "SELECT dataset, row_id, trial, count(*) FROM turns WHERE run_id = ? GROUP BY ALL",
        [run_id]))
    preds = dict(((d, r, t), c) for d, r, t, c in _raw(
        path, "SELECT dataset, row_id, trial, count(*) FROM predictions WHERE run_id = ? GROUP BY ALL",
        [run_id]))
    assert set(turns) <= keys and set(preds) <= keys  # no orphan turns/predictions
    for d, r, t in keys:
        expected = make_result(d, r, t)
        (n_turns,) = _raw(path, "SELECT n_turns FROM dialogs WHERE run_id=? AND dataset=? AND"
                          " row_id=? AND trial=?", [run_id, d, r, t])[0]
        assert n_turns == len(expected.turns) == turns.get((d, r, t), 0)
        assert preds[(d, r, t)] == len(expected.labels)


# ----------------------------------------------------------------------------------------------


def test_schema_created_with_version(tmp_path):
    path = tmp_path / "sub" / "results.duckdb"
    s = ResultStore(path)
    assert not path.exists()
    s.ensure_run(SPEC)
    assert _raw(path, "SELECT value FROM meta WHERE key = 'schema_version'") == [(str(SCHEMA_VERSION),)]
    tables = {r[0] for r in _raw(path, "SELECT table_name FROM information_schema.tables")}
    assert tables == set(schema_mod.TABLES)
    cols = [r[0] for r in _raw(path, "SELECT column_name FROM information_schema.columns "
                               "WHERE table_name = 'dialogs' ORDER BY ordinal_position")]
    assert cols[:4] == ["run_id", "dataset", "row_id", "trial"] and "user_cached_tokens" in cols
    types = dict(_raw(path, "SELECT column_name, data_type FROM information_schema.columns "
                      "WHERE table_name = 'predictions'"))
    assert types["predicted"] == "BOOLEAN" and types["label"] == "BOOLEAN"


def test_run_id_stable_and_ensure_run_idempotent(tmp_path):
    same = RunSpec(
        submission="random", agent_models={"agent": "none"}, simulator=SPEC.simulator,
        params={"nested": {"a": None, "b": (1, 2)}, "max_questions": 100, "seed": 7},
        data_version="abc123", datasets=("diverse", "representative"), trials=2,
    )
    assert run_id_for(same) == run_id_for(SPEC)
    other = RunSpec(**{**SPEC.__dict__, "trials": 3})
    assert run_id_for(other) != run_id_for(SPEC)
    # stable across processes
    p = subprocess.run([sys.executable, "-c", "from test_store import SPEC; from eligibench."
                        "results.identity import run_id_for; print(run_id_for(SPEC))"],
                       capture_output=True, text=True, env=_env(), check=True)
    assert p.stdout.strip() == run_id_for(SPEC)

    s = ResultStore(tmp_path / "r.duckdb")
    rid = s.ensure_run(SPEC)
    s.set_run_status(rid, "done")
    assert s.ensure_run(same) == rid  # idempotent: does not reset the status
    runs = s.runs()
    assert len(runs) == 1
    run = runs[0]
    assert run["run_id"] == rid and run["status"] == "done" and run["n_dialogs"] == 0
    assert run["params"] == {"seed": 7, "max_questions": 100, "nested": {"b": [1, 2], "a": None}}
    assert run["datasets"] == ["diverse", "representative"] and run["agent_models"] == {"agent": "none"}
    with pytest.raises(KeyError, match="no run"):
        s.set_run_status("nope", "done")


def test_round_trip_dialog_results(tmp_path):
    s = ResultStore(tmp_path / "r.duckdb")
    rid = s.ensure_run(SPEC)
    results = [make_result(*k) for k in EXPECTED[:12]]
    extra = [
        DialogResult("z1", "diverse", 0, (), None, {"a": True}, INFRA_ERROR, "endpoint down"),
        DialogResult("z2", "diverse", 0, (Turn("?", ""),), {"a": False}, {"a": True, "b": False},
                     READY),  # one prediction missing
        DialogResult("z3", "diverse", 0, (), {"a": True, "x": False}, {"a": True}, TURN_LIMIT),
        DialogResult("z4", "diverse", 5, (), {}, {}, READY, error=""),
    ]
    for r in results + extra:
        s.record_dialog(rid, r)
    got = s.dialog_results(rid)
    want = sorted(results + extra, key=lambda r: (r.dataset, r.row_id, r.trial))
    assert got == want
    assert any(r.predictions is None for r in got)
    assert [r.predicted("a") for r in got if r.row_id == "z2"] == [False]
    assert [r.predicted("b") for r in got if r.row_id == "z2"] == [None]

    t = s.transcript(rid, "diverse", "z2", 0)
    assert [x["question"] for x in t["turns"]] == ["?"]
    assert t["predictions"] == [{"opportunity": "a", "predicted": False, "label": True},
                                {"opportunity": "b", "predicted": None, "label": False}]
    r0 = results[0]
    t0 = s.transcript(rid, r0.dataset, r0.row_id, r0.trial)
    assert [x["idx"] for x in t0["turns"]] == list(range(len(r0.turns)))
    assert t0["termination"] == r0.termination and t0["n_turns"] == len(r0.turns)
    with pytest.raises(KeyError):
        s.transcript(rid, "diverse", "nope", 0)
    assert len(s.dialogs(rid)) == len(want)
    assert _raw(s.path, "SELECT count(*) FROM predictions WHERE run_id = ?", [rid])[0][0] == sum(
        len(set(r.labels) | set(r.predictions or {})) for r in want)


def test_record_twice_keeps_one_copy(tmp_path):
    path = tmp_path / "r.duckdb"
    s = ResultStore(path)
    rid = s.ensure_run(SPEC)
    r = make_result("diverse", "h01", 0)
    s.record_dialog(rid, r)
    s.record_dialog(rid, r)
    assert s.dialog_results(rid) == [r]
    _check_integrity(path, rid, {("diverse", "h01", 0)})
    # a re-run with fewer turns replaces the whole dialog (no stale turns left behind)
    shorter = DialogResult("h01", "diverse", 0, r.turns[:1], None, r.labels, AGENT_ERROR, "x")
    s.record_dialog(rid, shorter)
    assert s.dialog_results(rid) == [shorter]
    assert _raw(path, "SELECT count(*) FROM turns") == [(1,)]


def test_completed_and_resume(tmp_path):
    s = ResultStore(tmp_path / "r.duckdb")
    rid = s.ensure_run(SPEC)
    first = EXPECTED[:7]
    for k in first:
        s.record_dialog(rid, make_result(*k))
    assert s.completed(rid) == set(first)
    missing = set(EXPECTED) - s.completed(s.ensure_run(SPEC))
    s.record_dialogs(rid, [make_result(*k) for k in sorted(missing)])
    assert s.completed(rid) == set(EXPECTED)
    assert s.completed("other-run") == set()


def test_bad_input_writes_nothing(tmp_path):
    path = tmp_path / "r.duckdb"
    s = ResultStore(path)
    rid = s.ensure_run(SPEC)
    with pytest.raises(ValueError, match="termination"):
        s.record_dialog(rid, DialogResult("x", "diverse", 0, (), None, {}, "weird"))
    with pytest.raises(KeyError, match="ensure_run"):
        s.record_dialog("not-a-run", make_result("diverse", "h01", 0))
    # a batch fails as a whole
    with pytest.raises(ValueError):
        s.record_dialogs(rid, [make_result("diverse", "h01", 0), make_result("diverse", "h01", 0)])
    assert s.completed(rid) == set()


def test_missing_file_reads_empty(tmp_path):
    path = tmp_path / "none.duckdb"
    s = ResultStore(path)
    assert s.runs() == [] and s.metrics() == [] and s.queue() == []
    assert s.completed("x") == set() and s.dialogs("x") == [] and s.dialog_results("x") == []
    assert not path.exists()
    out = s.export_parquet(tmp_path / "snap")
    assert set(out) == set(schema_mod.TABLES)
    assert duckdb.sql(f"SELECT count(*) FROM read_parquet('{out['runs']}')").fetchall() == [(0,)]


def test_metrics_replace(tmp_path):
    s = ResultStore(tmp_path / "r.duckdb")
    rid = s.ensure_run(SPEC)
    s.record_metrics(rid, [("diverse", "f1", 0.5, 0.4, 0.6), ("average", "tw_f1", 40.0, None, None)])
    s.record_metrics(rid, [("diverse", "f1", 0.55, 0.45, 0.65), ("representative", "f1", 0.6, 0.5, 0.7),
                           ("average", "f1", 0.575, None, None)])
    rows = s.metrics(rid)
    assert {(m["dataset"], m["name"]): m["value"] for m in rows} == {
        ("diverse", "f1"): 0.55, ("representative", "f1"): 0.6, ("average", "f1"): 0.575}
    assert all(m["submission"] == "random" for m in rows)
    rid2 = s.ensure_run(RunSpec(**{**SPEC.__dict__, "submission": "proada"}))
    s.record_metrics(rid2, [("average", "f1", 0.7, None, None)])
    assert len(s.metrics()) == 4 and len(s.metrics(rid2)) == 1


def test_export_parquet(tmp_path):
    s = ResultStore(tmp_path / "r.duckdb")
    rid = s.ensure_run(SPEC)
    for k in EXPECTED[:5]:
        s.record_dialog(rid, make_result(*k))
    s.enqueue("random", "submissions/random")
    out = s.export_parquet(tmp_path / "snap")

    def count(t):
        return duckdb.sql(f"SELECT count(*) FROM read_parquet('{out[t]}')").fetchall()[0][0]

    assert count("dialogs") == 5 and count("runs") == 1 and count("queue") == 1
    assert count("turns") == sum(len(make_result(*k).turns) for k in EXPECTED[:5])
    assert count("predictions") == 15
    assert not [p for p in (tmp_path / "snap").iterdir() if p.name.startswith(".")]


def test_queue_order_and_statuses(tmp_path):
    s = ResultStore(tmp_path / "r.duckdb")
    assert s.claim_next() is None
    ids = [s.enqueue(name, f"submissions/{name}") for name in ("a", "b", "c")]
    assert ids == [1, 2, 3]
    assert [q["status"] for q in s.queue()] == ["queued"] * 3
    a = s.claim_next()
    assert a["id"] == 1 and a["submission"] == "a" and a["status"] == "running" and a["started_at"]
    b = s.claim_next()
    assert b["id"] == 2
    s.finish_queue(1, "done")
    s.finish_queue(2, "failed", "manifest invalid")
    assert s.claim_next()["submission"] == "c"
    assert s.claim_next() is None
    q = {row["id"]: row for row in s.queue()}
    assert [q[i]["status"] for i in ids] == ["done", "failed", "running"]
    assert q[2]["error"] == "manifest invalid" and q[1]["finished_at"] is not None
    with pytest.raises(ValueError):
        s.finish_queue(3, "running")
    with pytest.raises(KeyError):
        s.finish_queue(99, "done")


def test_queue_claims_are_atomic_across_processes(tmp_path):
    path = tmp_path / "r.duckdb"
    s = ResultStore(path)
    n = 12
    for i in range(n):
        s.enqueue(f"s{i}", f"p{i}")
    code = """
        import sys
        from eligibench.results.store import ResultStore
        s = ResultStore(sys.argv[1])
        while (row := s.claim_next()) is not None:
            print(row["id"], flush=True)
    """
    procs = [_spawn(code, str(path)) for _ in range(2)]
    mine = []
    while (row := s.claim_next()) is not None:
        mine.append(row["id"])
    claimed = list(mine)
    for p in procs:
        out, err = p.communicate(timeout=60)
        assert p.returncode == 0, err
        claimed += [int(x) for x in out.split()]
    assert sorted(claimed) == list(range(1, n + 1))  # every item exactly once
    assert all(q["status"] == "running" for q in s.queue())


CHILD_WRITER = """
    import os, signal, sys, time
    from eligibench.results import store as store_mod
    from test_store import SPEC, EXPECTED, make_result
    path, mode = sys.argv[1], sys.argv[2]
    s = store_mod.ResultStore(path)
    rid = s.ensure_run(SPEC)
    if mode == "killself":
        original, calls = store_mod._insert_predictions, [0]
        def dying(con, rows):
            calls[0] += 1
            if calls[0] == 3:  # third dialog: its row and turns are written, not yet committed
                os.kill(os.getpid(), signal.SIGKILL)
            original(con, rows)
        store_mod._insert_predictions = dying
    done = s.completed(rid)
    for key in EXPECTED:
        if key in done:
            continue
        s.record_dialog(rid, make_result(*key))
        print("recorded", *key, flush=True)
        time.sleep(0.02)
    print("finished", flush=True)
"""


def _resume_and_check(path: Path, batch: bool = False) -> None:
    s = ResultStore(path)
    rid = s.ensure_run(SPEC)
    missing = sorted(set(EXPECTED) - s.completed(rid))
    if batch:
        s.record_dialogs(rid, [make_result(*key) for key in missing])
    else:
        for key in missing:
            s.record_dialog(rid, make_result(*key))
    _check_integrity(path, rid, EXPECTED)
    assert s.dialog_results(rid) == sorted((make_result(*k) for k in EXPECTED),
                                           key=lambda r: (r.dataset, r.row_id, r.trial))


def test_sigkill_mid_run_then_resume(tmp_path):
    path = tmp_path / "r.duckdb"
    proc = _spawn(CHILD_WRITER, str(path), "loop")
    recorded = []
    try:
        while len(recorded) < 8:
            line = proc.stdout.readline()
            assert line, proc.stderr.read()
            assert line.startswith("recorded")
            recorded.append(line.split()[1:])
        proc.send_signal(signal.SIGKILL)  # lands anywhere: between or inside a transaction
        proc.wait(timeout=30)
    finally:
        if proc.poll() is None:
            proc.kill()
    assert proc.returncode == -signal.SIGKILL
    s = ResultStore(path)
    done = s.completed(run_id_for(SPEC))
    assert 8 <= len(done) < len(EXPECTED)
    _check_integrity(path, run_id_for(SPEC), done)  # whatever survived is complete
    _resume_and_check(path)


def test_sigkill_inside_transaction_leaves_no_partial_dialog(tmp_path):
    path = tmp_path / "r.duckdb"
    proc = _spawn(CHILD_WRITER, str(path), "killself")
    out, err = proc.communicate(timeout=60)
    assert proc.returncode == -signal.SIGKILL, err
    assert out.count("recorded") == 2
    rid = run_id_for(SPEC)
    assert ResultStore(path).completed(rid) == set(EXPECTED[:2])
    assert _raw(path, "SELECT count(*) FROM turns WHERE row_id = ? AND trial = ?",
                [EXPECTED[2][1], EXPECTED[2][2]]) == [(0,)]
    _check_integrity(path, rid, EXPECTED[:2])
    _resume_and_check(path, batch=True)


HOLDER = """
    import sys, time, duckdb
    con = duckdb.connect(sys.argv[1])  # read-write: locks out every other process
    print("locked", flush=True)
    time.sleep(float(sys.argv[2]))
    con.close()
"""


def _hold(path: Path, seconds: float) -> subprocess.Popen:
    proc = _spawn(HOLDER, str(path), str(seconds))
    assert proc.stdout.readline().strip() == "locked", proc.stderr.read()
    return proc


def test_reader_retries_while_another_process_writes(tmp_path):
    path = tmp_path / "r.duckdb"
    rid = ResultStore(path).ensure_run(SPEC)
    proc = _hold(path, 1.5)
    try:
        t0 = time.monotonic()
        with pytest.raises(StoreLockedError, match=str(path)):
            ResultStore(path, read_timeout=0.2).runs()
        assert time.monotonic() - t0 < 1.2
        with pytest.raises(StoreLockedError, match=str(path)):
            ResultStore(path, write_timeout=0.2).ensure_run(SPEC)
        runs = ResultStore(path, read_timeout=15).runs()  # retries until the holder lets go
        waited = time.monotonic() - t0
        assert [r["run_id"] for r in runs] == [rid]
        assert waited > 0.8
        assert proc.poll() is not None or waited < 15
    finally:
        proc.wait(timeout=30)


def test_writer_retries_while_another_process_holds_the_file(tmp_path):
    path = tmp_path / "r.duckdb"
    s = ResultStore(path, write_timeout=15)
    rid = s.ensure_run(SPEC)
    proc = _hold(path, 1.0)
    try:
        t0 = time.monotonic()
        s.record_dialog(rid, make_result(*EXPECTED[0]))
        assert time.monotonic() - t0 > 0.5
    finally:
        proc.wait(timeout=30)
    assert s.completed(rid) == {EXPECTED[0]}


def test_threads_write_and_read_concurrently(tmp_path):
    path = tmp_path / "r.duckdb"
    s = ResultStore(path)
    rid = s.ensure_run(SPEC)
    errors: list[BaseException] = []
    stop = threading.Event()

    def writer(keys):
        try:
            store = ResultStore(path)  # a second instance over the same file shares the lock
            for k in keys:
                store.record_dialog(rid, make_result(*k))
        except BaseException as exc:  # pragma: no cover - reported below
            errors.append(exc)

    def reader():
        try:
            while not stop.is_set():
                s.completed(rid)
                s.runs()
        except BaseException as exc:  # pragma: no cover
            errors.append(exc)

    writers = [threading.Thread(target=writer, args=(EXPECTED[i::6],)) for i in range(6)]
    readers = [threading.Thread(target=reader) for _ in range(2)]
    for t in writers + readers:
        t.start()
    for t in writers:
        t.join(60)
    stop.set()
    for t in readers:
        t.join(60)
    assert not errors, errors
    _check_integrity(path, rid, EXPECTED)


def _set_version(path: Path, version: int) -> None:
    con = duckdb.connect(str(path))
    con.execute("UPDATE meta SET value = ? WHERE key = 'schema_version'", [str(version)])
    con.close()


def test_newer_schema_version_is_refused(tmp_path):
    path = tmp_path / "r.duckdb"
    ResultStore(path).ensure_run(SPEC)
    _set_version(path, SCHEMA_VERSION + 98)
    s = ResultStore(path)
    newer = f"schema version {SCHEMA_VERSION + 98}, newer than version {SCHEMA_VERSION}"
    with pytest.raises(SchemaVersionError, match=newer):
        s.runs()
    with pytest.raises(SchemaVersionError, match=newer):
        s.ensure_run(SPEC)
    assert _raw(path, "SELECT value FROM meta WHERE key = 'schema_version'") == [(str(SCHEMA_VERSION + 98),)]


def test_older_schema_version_migrates_or_fails_clearly(tmp_path, monkeypatch):
    path = tmp_path / "r.duckdb"
    ResultStore(path).ensure_run(SPEC)
    old = 0  # no migration from version 0 exists (the real 1 -> 2 one is tested below)
    _set_version(path, old)
    s = ResultStore(path)
    with pytest.raises(SchemaVersionError, match="migrate"):
        s.runs()
    with pytest.raises(SchemaVersionError, match=f"no migration from version {old}"):
        s.ensure_run(SPEC)
    monkeypatch.setitem(schema_mod.MIGRATIONS, old, lambda con: con.execute(
        "INSERT INTO meta VALUES ('migrated', 'yes')"))
    assert s.migrate() == SCHEMA_VERSION
    assert _raw(path, "SELECT value FROM meta WHERE key = 'schema_version'") == [(str(SCHEMA_VERSION),)]
    assert _raw(path, "SELECT value FROM meta WHERE key = 'migrated'") == [("yes",)]
    assert len(s.runs()) == 1


def test_a_version_1_file_migrates_to_version_2_keeping_its_runs(tmp_path):
    from tests.results.schema_v1 import as_schema_v1

    path = tmp_path / "v1.duckdb"
    s = ResultStore(path)
    rid = s.ensure_run(SPEC)
    as_schema_v1(path)
    assert "protocol_id" not in {r[0] for r in _raw(path, "SELECT column_name FROM duckdb_columns() WHERE table_name = 'runs'")}
    with pytest.raises(SchemaVersionError, match="migrate"):
        s.runs()  # a reader never migrates
    assert s.migrate() == SCHEMA_VERSION == 6
    cols = {r[0] for r in _raw(path, "SELECT column_name FROM duckdb_columns() WHERE table_name = 'runs'")}
    assert {"run_config", "role_models", "protocol_id", "protocol"} <= cols
    tables = {r[0] for r in _raw(path, "SELECT table_name FROM information_schema.tables")}
    assert set(schema_mod.TABLES) <= tables
    assert [r["run_id"] for r in s.runs()] == [rid]


def test_a_version_2_file_migrates_to_version_3_keeping_its_queue(tmp_path):
    from tests.results.schema_v1 import as_schema_v2

    path = tmp_path / "v2.duckdb"
    s = ResultStore(path)
    s.enqueue("a", "submissions/a")
    as_schema_v2(path)
    assert "lease_until" not in {r[0] for r in _raw(path, "SELECT column_name FROM duckdb_columns() WHERE table_name = 'queue'")}
    assert s.migrate() == SCHEMA_VERSION
    cols = {r[0] for r in _raw(path, "SELECT column_name FROM duckdb_columns() WHERE table_name = 'queue'")}
    assert {"worker", "lease_until", "attempts"} <= cols
    assert "run_replicas" in {r[0] for r in _raw(path, "SELECT table_name FROM information_schema.tables")}
    assert [(q["submission"], q["status"]) for q in s.queue()] == [("a", "queued")]
    assert s.claim_next()["submission"] == "a"


def test_foreign_duckdb_file_is_refused(tmp_path):
    path = tmp_path / "other.duckdb"
    con = duckdb.connect(str(path))
    con.execute("CREATE TABLE something (a INTEGER)")
    con.close()
    with pytest.raises(SchemaVersionError, match="not a result store"):
        ResultStore(path).runs()
    with pytest.raises(SchemaVersionError, match="not a result store"):
        ResultStore(path).ensure_run(SPEC)


def test_audit_round_trip_and_replace(tmp_path):
    from eligibench.results import ResultStore

    store = ResultStore(tmp_path / "r.duckdb")
    assert store.audits() == []
    store.record_audit("embedded:m@t0.0/s0", {"data_version": "v1", "probes": 10, "faithful": 7, "faithful_pct": 70.0})
    store.record_audit("embedded:m@t0.0/s0", {"data_version": "v1", "probes": 10, "faithful": 8, "faithful_pct": 80.0})
    (a,) = store.audits()
    assert a["faithful"] == 8 and a["summary"]["faithful_pct"] == 80.0


def test_runs_record_configuration_role_models_and_protocol(tmp_path):
    """The results contract of issue 12: runs.run_config, role_models, protocol_id, protocol."""
    store = ResultStore(tmp_path / "r.duckdb")
    protocol = {"datasets": {"diverse": {"data_version": "v1", "households_used": 2, "households_total": 44}},
                "question_cap": 4, "trials": 1, "simulator": {"label": "custom simulator: x", "reference": False},
                "split": "public", "kind": "smoke"}
    spec = replace(SPEC, extra={"run_config": "direct-paper"}, run_config="direct-paper",
                   role_models={"dialog": "embedded:SmolLM2-135M-Instruct@t0/m96"}, protocol_id="abc123def456",
                   protocol=protocol)
    run_id = store.ensure_run(spec)
    bare = store.ensure_run(replace(SPEC, submission="bare"))
    runs = {r["run_id"]: r for r in store.runs()}
    assert runs[run_id]["run_config"] == "direct-paper" and runs[run_id]["protocol_id"] == "abc123def456"
    assert runs[run_id]["role_models"] == {"dialog": "embedded:SmolLM2-135M-Instruct@t0/m96"}
    assert runs[run_id]["protocol"] == protocol
    # a spec without them: the configuration is the submission, role models the agent models, no protocol
    assert runs[bare]["run_config"] == "bare" and runs[bare]["role_models"] == {"agent": "none"}
    assert runs[bare]["protocol"] is None and runs[bare]["protocol_id"] is None


def test_the_protocol_is_part_of_the_run_id():
    from dataclasses import replace

    smoke, custom = replace(SPEC, protocol_id="aaaa11112222"), replace(SPEC, protocol_id="bbbb33334444")
    assert run_id_for(smoke) != run_id_for(custom) != run_id_for(SPEC)
    assert run_id_for(replace(SPEC, protocol_id="")) == run_id_for(SPEC)  # runs recorded before protocols
