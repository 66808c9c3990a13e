"""Results store: runs, dialogs, turns, predictions, metrics and the submission queue in ONE DuckDB file.

DuckDB allows one read-write process per file, and while it holds the file no other process can
open it, not even read-only (DESIGN.md, "Facts measured here"). So:

- every writer method opens a read-write connection, does ONE transaction, and closes; when another
  process holds the file it retries with backoff up to ``write_timeout`` seconds, then raises
  :class:`StoreLockedError` naming the file;
- every reader method opens the file read-only, reads, closes, and retries on the lock error with a
  short backoff up to ``read_timeout`` seconds; readers return plain Python data;
- inside one process, writers are serialized (and kept apart from readers, because DuckDB refuses a
  read-only connection next to a read-write one in the same process) by a lock shared by every
  ``ResultStore`` over the same file. Methods are blocking: from asyncio call them through
  ``asyncio.to_thread``.

A dialog (its row, its turns, its predictions) is written in one transaction, so a crash leaves
either all of it or none of it; recording the same (run, dataset, row, trial) again replaces it.
``run_id_for(spec)`` is a hash of the spec, so re-running a killed run continues it: skip
``completed(run_id)`` and record the rest.

The schema is versioned (``meta.schema_version``). Opening an older file with a writer migrates it
through ``MIGRATIONS`` (or raises if no path exists); a newer file is refused with both versions named.
"""
from __future__ import annotations

import datetime as _dt
import hashlib
import json
import os
import random
import threading
import time
from collections.abc import Mapping
from pathlib import Path
from typing import Any, Callable, Iterable, Sequence

import duckdb

from eligibench.evaluation.types import TERMINATIONS, DialogResult, RunSpec, Turn

SCHEMA_VERSION = 1

# MIGRATIONS[v] upgrades a file from version v to v + 1 inside the writer's transaction.
MIGRATIONS: dict[int, Callable[[duckdb.DuckDBPyConnection], None]] = {}

QUEUE_STATUSES = ("queued", "running", "done", "failed")
# Conventional run statuses (not enforced): ensure_run creates runs as "running".
RUN_STATUSES = ("running", "done", "failed", "cancelled")

TABLES = ("meta", "runs", "dialogs", "turns", "predictions", "metrics", "queue", "audit")

_DDL = [
    """CREATE TABLE IF NOT EXISTS meta (
        key VARCHAR PRIMARY KEY,
        value VARCHAR)""",
    """CREATE TABLE IF NOT EXISTS runs (
        run_id VARCHAR PRIMARY KEY,
        submission VARCHAR NOT NULL,
        agent_models JSON,
        simulator VARCHAR,
        params JSON,
        data_version VARCHAR,
        datasets JSON,
        trials INTEGER,
        extra JSON,
        created_at TIMESTAMP,
        status VARCHAR)""",
    """CREATE TABLE IF NOT EXISTS dialogs (
        run_id VARCHAR NOT NULL,
        dataset VARCHAR NOT NULL,
        row_id VARCHAR NOT NULL,
        trial INTEGER NOT NULL,
        termination VARCHAR NOT NULL,
        error VARCHAR,
        predictions_given BOOLEAN NOT NULL,
        wall_s DOUBLE,
        n_turns INTEGER,
        agent_calls BIGINT,
        agent_prompt_tokens BIGINT,
        agent_completion_tokens BIGINT,
        user_calls BIGINT,
        user_prompt_tokens BIGINT,
        user_completion_tokens BIGINT,
        user_cached_tokens BIGINT,
        finished_at TIMESTAMP,
        PRIMARY KEY (run_id, dataset, row_id, trial))""",
    """CREATE TABLE IF NOT EXISTS turns (
        run_id VARCHAR NOT NULL,
        dataset VARCHAR NOT NULL,
        row_id VARCHAR NOT NULL,
        trial INTEGER NOT NULL,
        idx INTEGER NOT NULL,
        question VARCHAR,
        answer VARCHAR,
        question_latency_s DOUBLE,
        answer_latency_s DOUBLE,
        prompt_tokens BIGINT,
        completion_tokens BIGINT,
        cached_tokens BIGINT,
        PRIMARY KEY (run_id, dataset, row_id, trial, idx))""",
    """CREATE TABLE IF NOT EXISTS predictions (
        run_id VARCHAR NOT NULL,
        dataset VARCHAR NOT NULL,
        row_id VARCHAR NOT NULL,
        trial INTEGER NOT NULL,
        opportunity VARCHAR NOT NULL,
        predicted BOOLEAN,
        label BOOLEAN,
        PRIMARY KEY (run_id, dataset, row_id, trial, opportunity))""",
    """CREATE TABLE IF NOT EXISTS metrics (
        run_id VARCHAR NOT NULL,
        dataset VARCHAR NOT NULL,
        name VARCHAR NOT NULL,
        value DOUBLE,
        ci_low DOUBLE,
        ci_high DOUBLE,
        PRIMARY KEY (run_id, dataset, name))""",
    """CREATE TABLE IF NOT EXISTS queue (
        id BIGINT PRIMARY KEY,
        submission VARCHAR NOT NULL,
        path VARCHAR,
        status VARCHAR NOT NULL CHECK (status IN ('queued', 'running', 'done', 'failed')),
        submitted_at TIMESTAMP,
        started_at TIMESTAMP,
        finished_at TIMESTAMP,
        error VARCHAR)""",
    """CREATE TABLE IF NOT EXISTS audit (
        simulator VARCHAR NOT NULL,
        data_version VARCHAR NOT NULL,
        probes INTEGER,
        faithful INTEGER,
        faithful_pct DOUBLE,
        summary JSON,
        created_at TIMESTAMP,
        PRIMARY KEY (simulator, data_version))""",
]

_DIALOG_COLS = (
    "run_id", "dataset", "row_id", "trial", "termination", "error", "predictions_given", "wall_s",
    "n_turns", "agent_calls", "agent_prompt_tokens", "agent_completion_tokens", "user_calls",
    "user_prompt_tokens", "user_completion_tokens", "user_cached_tokens", "finished_at",
)
_TURN_COLS = (
    "run_id", "dataset", "row_id", "trial", "idx", "question", "answer", "question_latency_s",
    "answer_latency_s", "prompt_tokens", "completion_tokens", "cached_tokens",
)
_PRED_COLS = ("run_id", "dataset", "row_id", "trial", "opportunity", "predicted", "label")
_JSON_RUN_COLS = ("agent_models", "params", "datasets", "extra")


class StoreError(RuntimeError):
    """Base class for result-store errors."""


class StoreLockedError(StoreError, TimeoutError):
    """Another process held the DuckDB file for longer than the timeout allowed."""


class SchemaVersionError(StoreError):
    """The file's schema version cannot be used by this code."""


# ----------------------------------------------------------------------------------------------
# run ids


def _plain(value: Any) -> Any:
    """Mappings -> dicts, tuples/lists -> lists, recursively (for JSON)."""
    if isinstance(value, Mapping):
        return {str(k): _plain(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [_plain(v) for v in value]
    return value


def spec_dict(spec: RunSpec) -> dict[str, Any]:
    return {
        "submission": spec.submission,
        "agent_models": _plain(spec.agent_models),
        "simulator": spec.simulator,
        "params": _plain(spec.params),
        "data_version": spec.data_version,
        "datasets": _plain(spec.datasets),
        "trials": spec.trials,
        "extra": _plain(spec.extra),
    }


def _canonical_json(value: Any) -> str:
    try:
        return json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    except TypeError as exc:
        raise TypeError(f"run spec must hold JSON values only: {exc}") from None


def run_id_for(spec: RunSpec) -> str:
    """Stable id of a run: sha256 of the spec as sorted JSON (first 16 hex digits)."""
    return hashlib.sha256(_canonical_json(spec_dict(spec)).encode("utf-8")).hexdigest()[:16]


# ----------------------------------------------------------------------------------------------
# in-process locking


class _RWLock:
    """Many readers or one writer; waiting writers go first. Acquire with a timeout."""

    def __init__(self) -> None:
        self._cond = threading.Condition()
        self._readers = 0
        self._writer = False
        self._writers_waiting = 0

    def acquire_read(self, timeout: float) -> bool:
        deadline = time.monotonic() + timeout
        with self._cond:
            while self._writer or self._writers_waiting:
                left = deadline - time.monotonic()
                if left <= 0 or not self._cond.wait(left):
                    if self._writer or self._writers_waiting:
                        return False
            self._readers += 1
            return True

    def release_read(self) -> None:
        with self._cond:
            self._readers -= 1
            if not self._readers:
                self._cond.notify_all()

    def acquire_write(self, timeout: float) -> bool:
        deadline = time.monotonic() + timeout
        with self._cond:
            self._writers_waiting += 1
            try:
                while self._writer or self._readers:
                    left = deadline - time.monotonic()
                    if left <= 0 or not self._cond.wait(left):
                        if self._writer or self._readers:
                            return False
                self._writer = True
                return True
            finally:
                self._writers_waiting -= 1
                self._cond.notify_all()

    def release_write(self) -> None:
        with self._cond:
            self._writer = False
            self._cond.notify_all()


_LOCKS: dict[str, _RWLock] = {}
_LOCKS_GUARD = threading.Lock()


def _lock_for(path: str) -> _RWLock:
    with _LOCKS_GUARD:
        lock = _LOCKS.get(path)
        if lock is None:
            lock = _LOCKS[path] = _RWLock()
        return lock


def _is_lock_error(exc: BaseException) -> bool:
    msg = str(exc).lower()
    if isinstance(exc, duckdb.IOException) and "lock" in msg:
        return True
    # Same process, another connection to the file with a different mode (read-only vs not).
    if isinstance(exc, duckdb.ConnectionException) and "different configuration" in msg:
        return True
    return False


def _now() -> _dt.datetime:
    return _dt.datetime.now(_dt.timezone.utc).replace(tzinfo=None)


# ----------------------------------------------------------------------------------------------
# the store


class ResultStore:
    """Results of evaluation runs in one DuckDB file (see the module docstring)."""

    def __init__(self, path: str | os.PathLike[str], *, write_timeout: float = 120.0,
                 read_timeout: float = 10.0) -> None:
        self.path = Path(path).resolve()
        self.write_timeout = write_timeout
        self.read_timeout = read_timeout
        self._lock = _lock_for(str(self.path))

    def __repr__(self) -> str:
        return f"ResultStore({str(self.path)!r})"

    # -- connections ---------------------------------------------------------------------------

    def _connect(self, read_only: bool, timeout: float) -> duckdb.DuckDBPyConnection:
        deadline = time.monotonic() + timeout
        delay = 0.01 if read_only else 0.02
        cap = 0.2 if read_only else 1.0
        attempts = 0
        while True:
            attempts += 1
            try:
                return duckdb.connect(str(self.path), read_only=read_only)
            except (duckdb.IOException, duckdb.ConnectionException) as exc:
                if not _is_lock_error(exc):
                    raise
                left = deadline - time.monotonic()
                if left <= 0:
                    mode = "read-only" if read_only else "read-write"
                    raise StoreLockedError(
                        f"result store {self.path} is locked by another process: could not open it "
                        f"{mode} within {timeout:g} s ({attempts} attempts). Last error: {exc}"
                    ) from exc
                time.sleep(min(left, delay * (0.5 + random.random())))
                delay = min(cap, delay * 2)

    def _locked_error(self, what: str, timeout: float) -> StoreLockedError:
        return StoreLockedError(
            f"result store {self.path}: another thread of this process kept it busy; could not "
            f"{what} within {timeout:g} s"
        )

    def _write(self, fn: Callable[[duckdb.DuckDBPyConnection], Any]) -> Any:
        """Open read-write, ensure the schema, run fn in one transaction, commit, close."""
        start = time.monotonic()
        if not self._lock.acquire_write(self.write_timeout):
            raise self._locked_error("write", self.write_timeout)
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            left = max(0.0, self.write_timeout - (time.monotonic() - start))
            con = self._connect(read_only=False, timeout=left)
            try:
                version = self._file_version(con)  # before BEGIN (see _file_version)
                con.execute("BEGIN TRANSACTION")
                try:
                    self._ensure_schema(con, version)
                    out = fn(con)
                    con.execute("COMMIT")
                except BaseException:
                    try:
                        con.execute("ROLLBACK")
                    except duckdb.Error:
                        pass
                    raise
                return out
            finally:
                con.close()
        finally:
            self._lock.release_write()

    def _read(self, fn: Callable[[duckdb.DuckDBPyConnection], Any], default: Any) -> Any:
        """Open read-only (retrying on the lock error), check the schema, run fn, close.

        A missing file, or a file with no tables yet, gives ``default``.
        """
        if not self.path.exists():
            return default
        start = time.monotonic()
        if not self._lock.acquire_read(self.read_timeout):
            raise self._locked_error("read", self.read_timeout)
        try:
            left = max(0.0, self.read_timeout - (time.monotonic() - start))
            try:
                con = self._connect(read_only=True, timeout=left)
            except duckdb.IOException as exc:
                if not self.path.exists():  # removed between the check and the open
                    return default
                raise StoreError(f"cannot open result store {self.path}: {exc}") from exc
            try:
                version = self._file_version(con)
                if version is None:
                    return default
                self._check_readable(version)
                con.execute("BEGIN TRANSACTION")  # one snapshot for every query fn makes
                try:
                    return fn(con)
                finally:
                    con.execute("ROLLBACK")
            finally:
                con.close()
        finally:
            self._lock.release_read()

    # -- schema --------------------------------------------------------------------------------

    def _file_version(self, con: duckdb.DuckDBPyConnection) -> int | None:
        """Schema version of the open file; None when it holds no tables at all.

        Call outside a transaction: the fast path's failure on a file without 'meta' would abort one.
        """
        try:  # fast path: listing tables costs ~20 ms on a fresh connection, this ~1 ms
            row = con.execute("SELECT value FROM meta WHERE key = 'schema_version'").fetchone()
        except (duckdb.CatalogException, duckdb.BinderException):
            pass
        else:
            if row is not None:
                return self._parse_version(row[0])
        names = {r[0] for r in con.execute(
            "SELECT table_name FROM duckdb_tables() WHERE database_name = current_database()"
            " AND schema_name = 'main'"
        ).fetchall()}
        if "meta" not in names:
            if not names:
                return None
            raise SchemaVersionError(
                f"{self.path} is not a result store (tables {sorted(names)} but no 'meta' table)"
            )
        raise SchemaVersionError(f"result store {self.path} has no schema_version in 'meta'")

    def _parse_version(self, value: str) -> int:
        try:
            return int(value)
        except ValueError:
            raise SchemaVersionError(
                f"result store {self.path} has an invalid schema_version {value!r}"
            ) from None

    def _newer_error(self, version: int) -> SchemaVersionError:
        return SchemaVersionError(
            f"result store {self.path} has schema version {version}, newer than version "
            f"{SCHEMA_VERSION} that this code supports: upgrade eligibench to read it"
        )

    def _check_readable(self, version: int) -> None:
        if version > SCHEMA_VERSION:
            raise self._newer_error(version)
        if version < SCHEMA_VERSION:
            raise SchemaVersionError(
                f"result store {self.path} has schema version {version}, older than version "
                f"{SCHEMA_VERSION} that this code reads: migrate it first with "
                f"ResultStore({str(self.path)!r}).migrate()"
            )

    def _ensure_schema(self, con: duckdb.DuckDBPyConnection, version: int | None) -> None:
        # No other process can open the file meanwhile, and this process's writers and readers
        # are kept apart by the in-process lock, so version cannot change before BEGIN.
        if version is None:
            for ddl in _DDL:
                con.execute(ddl)
            con.execute("INSERT INTO meta VALUES ('schema_version', ?)", [str(SCHEMA_VERSION)])
            con.execute("INSERT INTO meta VALUES ('created_at', ?)", [_now().isoformat()])
            return
        if version > SCHEMA_VERSION:
            raise self._newer_error(version)
        while version < SCHEMA_VERSION:
            step = MIGRATIONS.get(version)
            if step is None:
                raise SchemaVersionError(
                    f"result store {self.path} has schema version {version}, older than version "
                    f"{SCHEMA_VERSION}, and no migration from version {version} exists"
                )
            step(con)
            version += 1
            con.execute("UPDATE meta SET value = ? WHERE key = 'schema_version'", [str(version)])

    def migrate(self) -> int:
        """Create the schema, or migrate an older file to the current version; returns it."""
        self._write(lambda con: None)
        return SCHEMA_VERSION

    def schema_version(self) -> int | None:
        """The file's schema version (None if the file or its schema does not exist yet)."""
        if not self.path.exists():
            return None
        if not self._lock.acquire_read(self.read_timeout):
            raise self._locked_error("read", self.read_timeout)
        try:
            con = self._connect(read_only=True, timeout=self.read_timeout)
            try:
                return self._file_version(con)
            finally:
                con.close()
        finally:
            self._lock.release_read()

    # -- writers -------------------------------------------------------------------------------

    def ensure_run(self, spec: RunSpec) -> str:
        """Create the run if it is new (status 'running'); idempotent. Returns its run_id."""
        run_id = run_id_for(spec)
        d = spec_dict(spec)

        def fn(con: duckdb.DuckDBPyConnection) -> None:
            con.execute(
                "INSERT INTO runs (run_id, submission, agent_models, simulator, params, data_version,"
                " datasets, trials, extra, created_at, status) VALUES (?,?,?,?,?,?,?,?,?,?,?)"
                " ON CONFLICT (run_id) DO NOTHING",
                [run_id, d["submission"], _canonical_json(d["agent_models"]), d["simulator"],
                 _canonical_json(d["params"]), d["data_version"], _canonical_json(d["datasets"]),
                 d["trials"], _canonical_json(d["extra"]), _now(), "running"],
            )

        self._write(fn)
        return run_id

    def set_run_status(self, run_id: str, status: str) -> None:
        if not isinstance(status, str) or not status:
            raise ValueError(f"run status must be a non-empty string, got {status!r}")

        def fn(con: duckdb.DuckDBPyConnection) -> None:
            _require_run(con, run_id, self.path)
            con.execute("UPDATE runs SET status = ? WHERE run_id = ?", [status, run_id])

        self._write(fn)

    def record_dialog(self, run_id: str, result: DialogResult) -> None:
        """Write one dialog with its turns and predictions atomically; replaces an earlier copy."""
        self.record_dialogs(run_id, [result])

    def record_dialogs(self, run_id: str, results: Iterable[DialogResult]) -> None:
        """Write several dialogs in one transaction (all or none); each replaces an earlier copy."""
        results = list(results)
        keys = [(r.dataset, r.row_id, r.trial) for r in results]
        if len(set(keys)) != len(keys):
            raise ValueError("record_dialogs: the same (dataset, row_id, trial) appears twice")
        rows = [_dialog_rows(run_id, r) for r in results]  # validates before touching the file
        if not rows:
            return

        def fn(con: duckdb.DuckDBPyConnection) -> None:
            _require_run(con, run_id, self.path)
            for dialog, turns, preds in rows:
                key = dialog[:4]
                for table in ("dialogs", "turns", "predictions"):
                    con.execute(
                        f"DELETE FROM {table} WHERE run_id = ? AND dataset = ? AND row_id = ?"
                        " AND trial = ?", key)
                _insert_dialog(con, dialog)
                _insert_turns(con, turns)
                _insert_predictions(con, preds)

        self._write(fn)

    def record_metrics(self, run_id: str,
                       rows: Sequence[tuple[str, str, float | None, float | None, float | None]]) -> None:
        """Replace the run's metrics with rows of (dataset, name, value, ci_low, ci_high)."""
        data = []
        for row in rows:
            if len(row) != 5:
                raise ValueError(f"metric rows are (dataset, name, value, ci_low, ci_high), got {row!r}")
            dataset, name, value, lo, hi = row
            data.append([run_id, str(dataset), str(name), _opt_float(value), _opt_float(lo),
                         _opt_float(hi)])
        if len({(d[1], d[2]) for d in data}) != len(data):
            raise ValueError("record_metrics: the same (dataset, name) appears twice")

        def fn(con: duckdb.DuckDBPyConnection) -> None:
            _require_run(con, run_id, self.path)
            con.execute("DELETE FROM metrics WHERE run_id = ?", [run_id])
            if data:
                con.executemany("INSERT INTO metrics VALUES (?,?,?,?,?,?)", data)

        self._write(fn)

    def enqueue(self, submission: str, path: str | os.PathLike[str]) -> int:
        """Add a submission to the evaluation queue; returns its queue id."""

        def fn(con: duckdb.DuckDBPyConnection) -> int:
            # The file lock makes this transaction the only writer, so max + 1 is safe.
            (next_id,) = con.execute("SELECT coalesce(max(id), 0) + 1 FROM queue").fetchone()
            con.execute(
                "INSERT INTO queue (id, submission, path, status, submitted_at) VALUES (?,?,?,?,?)",
                [next_id, submission, str(path), "queued", _now()],
            )
            return int(next_id)

        return self._write(fn)

    def claim_next(self) -> dict[str, Any] | None:
        """Atomically mark the oldest queued submission as running and return it (or None)."""

        def fn(con: duckdb.DuckDBPyConnection) -> dict[str, Any] | None:
            row = con.execute(
                "SELECT id FROM queue WHERE status = 'queued' ORDER BY submitted_at, id LIMIT 1"
            ).fetchone()
            if row is None:
                return None
            con.execute("UPDATE queue SET status = 'running', started_at = ? WHERE id = ?",
                        [_now(), row[0]])
            return _dicts(con.execute("SELECT * FROM queue WHERE id = ?", [row[0]]))[0]

        return self._write(fn)

    def finish_queue(self, id: int, status: str, error: str | None = None) -> None:
        """Mark a queue entry 'done' or 'failed' (with an optional error message)."""
        if status not in ("done", "failed"):
            raise ValueError(f"finish_queue status must be 'done' or 'failed', got {status!r}")

        def fn(con: duckdb.DuckDBPyConnection) -> None:
            if con.execute("SELECT 1 FROM queue WHERE id = ?", [id]).fetchone() is None:
                raise KeyError(f"no queue entry {id} in result store {self.path}")
            con.execute("UPDATE queue SET status = ?, finished_at = ?, error = ? WHERE id = ?",
                        [status, _now(), error, id])

        self._write(fn)

    def record_audit(self, simulator: str, summary: dict[str, Any]) -> None:
        """Store a faithfulness audit of one simulator configuration (replaces the same one)."""
        row = [simulator, str(summary.get("data_version")), summary.get("probes"), summary.get("faithful"),
               _opt_float(summary.get("faithful_pct")), _canonical_json(summary), _now()]

        def fn(con: duckdb.DuckDBPyConnection) -> None:
            con.execute("DELETE FROM audit WHERE simulator = ? AND data_version = ?", row[:2])
            con.execute("INSERT INTO audit VALUES (?,?,?,?,?,?,?)", row)

        self._write(fn)

    # -- readers -------------------------------------------------------------------------------

    def audits(self) -> list[dict[str, Any]]:
        """Every stored audit, newest first, with its summary decoded."""
        def fn(con: duckdb.DuckDBPyConnection) -> list[dict[str, Any]]:
            rows = _dicts(con.execute("SELECT * FROM audit ORDER BY created_at DESC"))
            for r in rows:
                r["summary"] = json.loads(r["summary"]) if isinstance(r["summary"], str) else r["summary"]
            return rows

        return self._read(fn, [])

    def completed(self, run_id: str) -> set[tuple[str, str, int]]:
        """(dataset, row_id, trial) of every dialog recorded for the run."""
        return self._read(lambda con: {
            (d, r, int(t)) for d, r, t in con.execute(
                "SELECT dataset, row_id, trial FROM dialogs WHERE run_id = ?", [run_id]).fetchall()
        }, set())

    def runs(self) -> list[dict[str, Any]]:
        """Every run (JSON columns decoded) with n_dialogs, oldest first."""

        def fn(con: duckdb.DuckDBPyConnection) -> list[dict[str, Any]]:
            rows = _dicts(con.execute(
                "SELECT r.*, (SELECT count(*) FROM dialogs d WHERE d.run_id = r.run_id) AS n_dialogs"
                " FROM runs r ORDER BY r.created_at, r.run_id"))
            for row in rows:
                for col in _JSON_RUN_COLS:
                    row[col] = json.loads(row[col]) if row[col] is not None else None
            return rows

        return self._read(fn, [])

    def metrics(self, run_id: str | None = None) -> list[dict[str, Any]]:
        """Metric rows (with the run's submission), for one run or all."""
        sql = ("SELECT m.*, r.submission FROM metrics m JOIN runs r USING (run_id)"
               + (" WHERE m.run_id = ?" if run_id is not None else "")
               + " ORDER BY r.submission, m.run_id, m.dataset, m.name")
        args = [run_id] if run_id is not None else []
        return self._read(lambda con: _dicts(con.execute(sql, args)), [])

    def dialogs(self, run_id: str) -> list[dict[str, Any]]:
        """The run's dialog rows (no turns), ordered by dataset, row_id, trial."""
        return self._read(lambda con: _dicts(con.execute(
            "SELECT * FROM dialogs WHERE run_id = ? ORDER BY dataset, row_id, trial", [run_id])), [])

    def predictions(self, run_id: str | None = None) -> list[dict[str, Any]]:
        """Prediction rows (opportunity, predicted, label), for one run or all."""
        sql = ("SELECT * FROM predictions" + (" WHERE run_id = ?" if run_id is not None else "")
               + " ORDER BY run_id, dataset, row_id, trial, opportunity")
        args = [run_id] if run_id is not None else []
        return self._read(lambda con: _dicts(con.execute(sql, args)), [])

    def dialog_results(self, run_id: str) -> list[DialogResult]:
        """The run's dialogs rebuilt as DialogResult (turns in order), by dataset, row_id, trial."""

        def fn(con: duckdb.DuckDBPyConnection) -> list[DialogResult]:
            dialogs = _dicts(con.execute(
                "SELECT * FROM dialogs WHERE run_id = ? ORDER BY dataset, row_id, trial", [run_id]))
            turns: dict[tuple, list[Turn]] = {}
            for t in _dicts(con.execute(
                    "SELECT * FROM turns WHERE run_id = ? ORDER BY dataset, row_id, trial, idx",
                    [run_id])):
                turns.setdefault((t["dataset"], t["row_id"], t["trial"]), []).append(_turn(t))
            preds: dict[tuple, list[dict]] = {}
            for p in _dicts(con.execute(
                    "SELECT * FROM predictions WHERE run_id = ? ORDER BY dataset, row_id, trial,"
                    " opportunity", [run_id])):
                preds.setdefault((p["dataset"], p["row_id"], p["trial"]), []).append(p)
            out = []
            for d in dialogs:
                key = (d["dataset"], d["row_id"], d["trial"])
                out.append(_dialog_result(d, turns.get(key, []), preds.get(key, [])))
            return out

        return self._read(fn, [])

    def transcript(self, run_id: str, dataset: str, row_id: str, trial: int) -> dict[str, Any]:
        """One dialog row plus 'turns' (in order) and 'predictions' (opportunity, predicted, label)."""
        key = [run_id, dataset, row_id, trial]
        where = "WHERE run_id = ? AND dataset = ? AND row_id = ? AND trial = ?"

        def fn(con: duckdb.DuckDBPyConnection) -> dict[str, Any] | None:
            rows = _dicts(con.execute(f"SELECT * FROM dialogs {where}", key))
            if not rows:
                return None
            out = rows[0]
            out["turns"] = _dicts(con.execute(
                f"SELECT idx, question, answer, question_latency_s, answer_latency_s, prompt_tokens,"
                f" completion_tokens, cached_tokens FROM turns {where} ORDER BY idx", key))
            out["predictions"] = _dicts(con.execute(
                f"SELECT opportunity, predicted, label FROM predictions {where} ORDER BY opportunity",
                key))
            return out

        out = self._read(fn, None)
        if out is None:
            raise KeyError(f"no dialog {(run_id, dataset, row_id, trial)} in result store {self.path}")
        return out

    def queue(self) -> list[dict[str, Any]]:
        """The submission queue, oldest first."""
        return self._read(lambda con: _dicts(con.execute(
            "SELECT * FROM queue ORDER BY submitted_at, id")), [])

    def export_parquet(self, directory: str | os.PathLike[str]) -> dict[str, Path]:
        """Write one parquet file per table (a consistent snapshot); returns table -> path.

        Each file is written under a temporary name and renamed into place, so a reader of the
        snapshot never sees a half-written file. A missing store exports empty tables.
        """
        directory = Path(directory)
        directory.mkdir(parents=True, exist_ok=True)
        paths = {t: directory / f"{t}.parquet" for t in TABLES}
        tmp = {t: directory / f".{t}.parquet.tmp{os.getpid()}" for t in TABLES}

        def copy(con: duckdb.DuckDBPyConnection) -> bool:
            for t in TABLES:
                target = str(tmp[t]).replace("'", "''")
                con.execute(f"COPY (SELECT * FROM {t}) TO '{target}' (FORMAT parquet)")
            return True

        try:
            if not self._read(copy, False):
                empty = duckdb.connect()  # no store yet: same schema, no rows
                try:
                    for ddl in _DDL:
                        empty.execute(ddl)
                    empty.execute("INSERT INTO meta VALUES ('schema_version', ?)",
                                  [str(SCHEMA_VERSION)])
                    copy(empty)
                finally:
                    empty.close()
            for t in TABLES:
                os.replace(tmp[t], paths[t])
        finally:
            for p in tmp.values():
                if p.exists():
                    p.unlink()
        return paths


# ----------------------------------------------------------------------------------------------
# row helpers


def _require_run(con: duckdb.DuckDBPyConnection, run_id: str, path: Path) -> None:
    if con.execute("SELECT 1 FROM runs WHERE run_id = ?", [run_id]).fetchone() is None:
        raise KeyError(f"no run {run_id!r} in result store {path}: call ensure_run(spec) first")


def _opt_float(value: Any) -> float | None:
    return None if value is None else float(value)


def _opt_bool(value: Any) -> bool | None:
    return None if value is None else bool(value)


def _dialog_rows(run_id: str, r: DialogResult) -> tuple[list, list[list], list[list]]:
    if r.termination not in TERMINATIONS:
        raise ValueError(f"unknown termination {r.termination!r}; expected one of {TERMINATIONS}")
    key = [run_id, r.dataset, r.row_id, int(r.trial)]
    dialog = key + [
        r.termination, r.error, r.predictions is not None, float(r.wall_s), len(r.turns),
        int(r.agent_calls), int(r.agent_prompt_tokens), int(r.agent_completion_tokens),
        int(r.user_calls), int(r.user_prompt_tokens), int(r.user_completion_tokens),
        int(r.user_cached_tokens), _now(),
    ]
    turns = [
        key + [i, t.question, t.answer, float(t.question_latency_s), float(t.answer_latency_s),
               int(t.prompt_tokens), int(t.completion_tokens),
               None if t.cached_tokens is None else int(t.cached_tokens)]
        for i, t in enumerate(r.turns)
    ]
    predictions = r.predictions if r.predictions is not None else {}
    opportunities = list(r.labels) + [o for o in predictions if o not in r.labels]
    preds = [
        key + [str(o), _opt_bool(predictions.get(o)), _opt_bool(r.labels.get(o))]
        for o in opportunities
    ]
    return dialog, turns, preds


def _insert_dialog(con: duckdb.DuckDBPyConnection, row: list) -> None:
    con.execute(f"INSERT INTO dialogs ({', '.join(_DIALOG_COLS)}) VALUES "
                f"({', '.join('?' * len(_DIALOG_COLS))})", row)


def _insert_many(con: duckdb.DuckDBPyConnection, table: str, cols: Sequence[str],
                 rows: list[list]) -> None:
    if not rows:
        return
    one = "(" + ", ".join("?" * len(cols)) + ")"
    # One multi-row INSERT: much faster than executemany for a handful of rows.
    con.execute(f"INSERT INTO {table} ({', '.join(cols)}) VALUES " + ", ".join([one] * len(rows)),
                [v for row in rows for v in row])


def _insert_turns(con: duckdb.DuckDBPyConnection, rows: list[list]) -> None:
    _insert_many(con, "turns", _TURN_COLS, rows)


def _insert_predictions(con: duckdb.DuckDBPyConnection, rows: list[list]) -> None:
    _insert_many(con, "predictions", _PRED_COLS, rows)


def _dicts(cursor: duckdb.DuckDBPyConnection) -> list[dict[str, Any]]:
    names = [d[0] for d in cursor.description]
    return [dict(zip(names, row)) for row in cursor.fetchall()]


def _turn(t: Mapping[str, Any]) -> Turn:
    return Turn(
        question=t["question"], answer=t["answer"], question_latency_s=t["question_latency_s"],
        answer_latency_s=t["answer_latency_s"], prompt_tokens=t["prompt_tokens"],
        completion_tokens=t["completion_tokens"], cached_tokens=t["cached_tokens"],
    )


def _dialog_result(d: Mapping[str, Any], turns: list[Turn], preds: list[Mapping[str, Any]]) -> DialogResult:
    labels = {p["opportunity"]: p["label"] for p in preds if p["label"] is not None}
    predictions = (
        {p["opportunity"]: p["predicted"] for p in preds if p["predicted"] is not None}
        if d["predictions_given"] else None
    )
    return DialogResult(
        row_id=d["row_id"], dataset=d["dataset"], trial=d["trial"], turns=tuple(turns),
        predictions=predictions, labels=labels, termination=d["termination"], error=d["error"],
        wall_s=d["wall_s"], agent_calls=d["agent_calls"],
        agent_prompt_tokens=d["agent_prompt_tokens"],
        agent_completion_tokens=d["agent_completion_tokens"], user_calls=d["user_calls"],
        user_prompt_tokens=d["user_prompt_tokens"],
        user_completion_tokens=d["user_completion_tokens"],
        user_cached_tokens=d["user_cached_tokens"],
    )
