"""The run store: runs, dialogs, turns, predictions, metrics and audits in the results file.

A dialog (its row, its turns, its predictions) is written in one transaction, so a crash leaves
either all of it or none of it; recording the same (run, dataset, row, trial) again replaces it.
``run_id_for(spec)`` is a hash of the spec, so re-running a killed run continues it: skip
``completed(run_id)`` and record the rest. How the file is opened: `connection`.
"""
from __future__ import annotations

import json
import os
from collections.abc import Mapping
from pathlib import Path
from typing import Any, Iterable, Sequence

import duckdb

from eligibench.results import sanitize as S
from eligibench.results.connection import StoreConnection, dict_rows, require_run, utc_now
from eligibench.results.gradings import GradingTables
from eligibench.results.identity import canonical_json, run_id_for, spec_dict
from eligibench.results.priority_tables import PriorityTables
from eligibench.results.process import ProcessTables, grounded_rows, insert_rows
from eligibench.results.queue import SubmissionQueue
from eligibench.results.records import ISOLATIONS, JAILED, TERMINATIONS, DialogResult, RunSpec, Turn
from eligibench.results.schema import (
    CHECK_COLS,
    DDL,
    DIALOG_COLS,
    JSON_RUN_COLS,
    NOTE_COLS,
    PRED_COLS,
    RECOMMENDATION_COLS,
    SCHEMA_VERSION,
    TABLES,
    TURN_COLS,
    TURN_FACT_COLS,
)


class ResultStore(SubmissionQueue, ProcessTables, GradingTables, PriorityTables, StoreConnection):
    """Results of evaluation runs in one DuckDB file (see `connection` for how it is opened)."""

    # -- writers -------------------------------------------------------------------------------

    def ensure_run(self, spec: RunSpec) -> str:
        """Create the run if it is new (status 'running'); idempotent. Returns its run_id."""
        run_id = run_id_for(spec)
        d = spec_dict(spec)

        def fn(con: duckdb.DuckDBPyConnection) -> None:
            con.execute(
                "INSERT INTO runs (run_id, submission, agent_models, simulator, params, data_version,"
                " datasets, trials, extra, created_at, status, run_config, role_models, protocol_id,"
                " protocol) VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?,?)"
                " ON CONFLICT (run_id) DO NOTHING",
                [run_id, d["submission"], canonical_json(d["agent_models"]), d["simulator"],
                 canonical_json(d["params"]), d["data_version"], canonical_json(d["datasets"]),
                 d["trials"], canonical_json(d["extra"]), utc_now(), "running",
                 spec.run_config or spec.submission, canonical_json(dict(spec.role_models) or d["agent_models"]),
                 spec.protocol_id or None, canonical_json(dict(spec.protocol)) if spec.protocol else None],
            )

        self._write(fn)
        return run_id

    def start_run(self, run_id: str) -> None:
        """Mark the run `running` by this process (results.run_owner): if the process goes away
        without finishing, the next open finds it and the run reads `incomplete`."""
        from eligibench.results.run_owner import PREFIX, this_process

        def fn(con: duckdb.DuckDBPyConnection) -> None:
            require_run(con, run_id, self.path)
            con.execute("UPDATE runs SET status = 'running' WHERE run_id = ?", [run_id])
            con.execute("INSERT INTO meta VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value",
                        [PREFIX + run_id, this_process()])

        self._write(fn)

    def _run_owners(self, con: duckdb.DuckDBPyConnection) -> dict[str, str]:
        from eligibench.results.run_owner import PREFIX

        return {k[len(PREFIX):]: v for k, v in con.execute(
            "SELECT key, value FROM meta WHERE key LIKE ?", [PREFIX + "%"]).fetchall()}

    def mark_stale_runs(self) -> list[str]:
        """Runs left `running` by a process that is gone (results.run_owner), marked `incomplete`;
        their ids."""
        from eligibench.results.run_owner import stale_runs

        def fn(con: duckdb.DuckDBPyConnection) -> list[str]:
            runs = dict_rows(con.execute("SELECT run_id, status FROM runs WHERE status = 'running'"))
            stale = sorted(stale_runs(runs, self._run_owners(con)))
            for run_id in stale:
                con.execute("UPDATE runs SET status = 'incomplete' WHERE run_id = ?", [run_id])
            return stale

        if not self.path.exists():
            return []
        return self._write(fn)

    def set_run_status(self, run_id: str, status: str) -> None:
        if not isinstance(status, str) or not status:
            raise ValueError(f"run status must be a non-empty string, got {status!r}")

        def fn(con: duckdb.DuckDBPyConnection) -> None:
            require_run(con, run_id, self.path)
            con.execute("UPDATE runs SET status = ? WHERE run_id = ?", [status, run_id])

        self._write(fn)

    def record_isolation(self, run_id: str, isolation: str) -> None:
        """How the run's agents were isolated (records.ISOLATIONS). A run resumed under another
        isolation keeps the weaker one: once any dialog ran unjailed, the run says so."""
        if isolation not in ISOLATIONS:
            raise ValueError(f"run isolation must be one of {ISOLATIONS}, got {isolation!r}")

        def fn(con: duckdb.DuckDBPyConnection) -> None:
            require_run(con, run_id, self.path)
            con.execute("UPDATE runs SET isolation = ? WHERE run_id = ? AND (isolation IS NULL OR isolation = ?)",
                        [isolation, run_id, JAILED])

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
        grounded = [grounded_rows(run_id, r) for r in results]
        if not rows:
            return

        def fn(con: duckdb.DuckDBPyConnection) -> None:
            require_run(con, run_id, self.path)
            for (dialog, turns, preds), (facts, checks), notes in zip(rows, grounded, [r.agent_notes for r in results]):
                key = dialog[:4]
                for table in ("dialogs", "turns", "predictions", "turn_facts", "simulator_checks", "turn_notes",
                              "recommendations"):
                    con.execute(
                        f"DELETE FROM {table} WHERE run_id = ? AND dataset = ? AND row_id = ?"
                        " AND trial = ?", key)
                _insert_dialog(con, dialog)
                _insert_turns(con, turns)
                _insert_predictions(con, preds)
                insert_rows(con, "turn_facts", TURN_FACT_COLS, facts)
                insert_rows(con, "simulator_checks", CHECK_COLS, checks)
                insert_rows(con, "turn_notes", NOTE_COLS, [list(key) + [i, n] for i, n in notes])
            for (dialog, _, _), r in zip(rows, results):
                if r.recommendation is not None:
                    insert_rows(con, "recommendations", RECOMMENDATION_COLS, [list(dialog[:4]) + [r.recommendation]])

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
            require_run(con, run_id, self.path)
            con.execute("DELETE FROM metrics WHERE run_id = ?", [run_id])
            if data:
                con.executemany("INSERT INTO metrics VALUES (?,?,?,?,?,?)", data)

        self._write(fn)

    def record_audit(self, simulator: str, summary: dict[str, Any]) -> None:
        """Store a faithfulness audit of one simulator configuration (replaces the same one)."""
        row = [simulator, str(summary.get("data_version")), summary.get("probes"), summary.get("faithful"),
               _opt_float(summary.get("faithful_pct")), canonical_json(summary), utc_now()]

        def fn(con: duckdb.DuckDBPyConnection) -> None:
            con.execute("DELETE FROM audit WHERE simulator = ? AND data_version = ?", row[:2])
            con.execute("INSERT INTO audit VALUES (?,?,?,?,?,?,?)", row)

        self._write(fn)

    # -- readers -------------------------------------------------------------------------------

    def record_replicas(self, run_id: str, served: Sequence[Mapping[str, Any]]) -> None:
        """Add one session's replica use to the run's: rows of {model, endpoint, roles, calls,
        failures, out, error} (calls and failures are summed with earlier sessions' of the run)."""
        data = []
        for row in served:
            calls, failures = int(row["calls"]), int(row["failures"])
            if calls < 0 or failures < 0:
                raise ValueError(f"record_replicas: negative counts in {dict(row)!r}")
            data.append([run_id, str(row["model"]), str(row["endpoint"]), canonical_json(sorted(row["roles"])),
                         calls, failures, bool(row["out"]), S.clean_text(row["error"]) if row.get("error") else None])
        if not data:
            return

        def fn(con: duckdb.DuckDBPyConnection) -> None:
            require_run(con, run_id, self.path)
            con.executemany(
                "INSERT INTO run_replicas VALUES (?,?,?,?,?,?,?,?) ON CONFLICT (run_id, model, endpoint) DO UPDATE"
                " SET roles = excluded.roles, calls = run_replicas.calls + excluded.calls,"
                " failures = run_replicas.failures + excluded.failures, out = excluded.out, error = excluded.error",
                data)

        self._write(fn)

    def replicas(self, run_id: str) -> list[dict[str, Any]]:
        """Which replica endpoints served the run (empty: one endpoint per role)."""

        def fn(con: duckdb.DuckDBPyConnection) -> list[dict[str, Any]]:
            rows = dict_rows(con.execute("SELECT model, endpoint, roles, calls, failures, out, error FROM run_replicas"
                                      " WHERE run_id = ? ORDER BY model, endpoint", [run_id]))
            return [{**r, "roles": json.loads(r["roles"] or "[]")} for r in rows]

        return self._read(fn, [])

    def record_tlx(self, run_id: str, dataset: str, row_id: str, ratings: Mapping[str, int]) -> None:
        """A played dialog's NASA-TLX ratings (validated by the caller: evaluation.play.study);
        a second answer for the same dialog replaces the first."""

        def fn(con: duckdb.DuckDBPyConnection) -> None:
            require_run(con, run_id, self.path)
            con.execute("INSERT OR REPLACE INTO play_tlx VALUES (?, ?, ?, ?)",
                        [run_id, dataset, row_id, canonical_json(dict(ratings))])

        self._write(fn)

    def tlx_rows(self) -> list[dict[str, Any]]:
        """Every stored questionnaire with its run's participant and role, by run and dialog."""

        def fn(con: duckdb.DuckDBPyConnection) -> list[dict[str, Any]]:
            rows = dict_rows(con.execute(
                "SELECT t.run_id, json_extract_string(r.extra, '$.participant') AS participant,"
                " json_extract_string(r.extra, '$.play_role') AS role, t.dataset, t.row_id, t.answers"
                " FROM play_tlx t JOIN runs r USING (run_id) ORDER BY t.run_id, t.dataset, t.row_id"))
            return [{**r, "answers": json.loads(r["answers"])} for r in rows]

        return self._read(fn, [])

    def audits(self) -> list[dict[str, Any]]:
        """Every stored audit, newest first, with its summary decoded."""
        def fn(con: duckdb.DuckDBPyConnection) -> list[dict[str, Any]]:
            rows = dict_rows(con.execute("SELECT * FROM audit ORDER BY created_at DESC"))
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
            rows = dict_rows(con.execute(
                "SELECT r.*, (SELECT count(*) FROM dialogs d WHERE d.run_id = r.run_id) AS n_dialogs"
                " FROM runs r ORDER BY r.created_at, r.run_id"))
            if any(row["status"] == "running" for row in rows):
                from eligibench.results.run_owner import stale_runs

                stale = stale_runs(rows, self._run_owners(con))  # its process is gone: not running
                for row in rows:
                    if row["run_id"] in stale:
                        row["status"] = "incomplete"
            for row in rows:
                for col in JSON_RUN_COLS:
                    row[col] = json.loads(row[col]) if row[col] is not None else None
            return rows

        return self._read(fn, [])

    def metrics(self, run_id: str | None = None) -> list[dict[str, Any]]:
        """Metric rows (with the run's submission), for one run or all."""
        sql = ("SELECT m.*, r.submission FROM metrics m JOIN runs r USING (run_id)"
               + (" WHERE m.run_id = ?" if run_id is not None else "")
               + " ORDER BY r.submission, m.run_id, m.dataset, m.name")
        args = [run_id] if run_id is not None else []
        return self._read(lambda con: dict_rows(con.execute(sql, args)), [])

    def dialogs(self, run_id: str) -> list[dict[str, Any]]:
        """The run's dialog rows (no turns), ordered by dataset, row_id, trial."""
        return self._read(lambda con: dict_rows(con.execute(
            "SELECT * FROM dialogs WHERE run_id = ? ORDER BY dataset, row_id, trial", [run_id])), [])

    def dialog_results(self, run_id: str) -> list[DialogResult]:
        """The run's dialogs rebuilt as DialogResult (turns in order), by dataset, row_id, trial."""

        def fn(con: duckdb.DuckDBPyConnection) -> list[DialogResult]:
            dialogs = dict_rows(con.execute(
                "SELECT * FROM dialogs WHERE run_id = ? ORDER BY dataset, row_id, trial", [run_id]))
            turns: dict[tuple, list[Turn]] = {}
            for t in dict_rows(con.execute(
                    "SELECT * FROM turns WHERE run_id = ? ORDER BY dataset, row_id, trial, idx",
                    [run_id])):
                turns.setdefault((t["dataset"], t["row_id"], t["trial"]), []).append(_turn(t))
            preds: dict[tuple, list[dict]] = {}
            for p in dict_rows(con.execute(
                    "SELECT * FROM predictions WHERE run_id = ? ORDER BY dataset, row_id, trial,"
                    " opportunity", [run_id])):
                preds.setdefault((p["dataset"], p["row_id"], p["trial"]), []).append(p)
            recommended = {(r["dataset"], r["row_id"], r["trial"]): r["recommendation"] for r in dict_rows(con.execute(
                "SELECT * FROM recommendations WHERE run_id = ?", [run_id]))}
            out = []
            for d in dialogs:
                key = (d["dataset"], d["row_id"], d["trial"])
                out.append(_dialog_result(d, turns.get(key, []), preds.get(key, []), recommended.get(key)))
            return out

        return self._read(fn, [])

    def transcript(self, run_id: str, dataset: str, row_id: str, trial: int) -> dict[str, Any]:
        """One dialog row plus 'turns' (in order) and 'predictions' (opportunity, predicted, label)."""
        key = [run_id, dataset, row_id, trial]
        where = "WHERE run_id = ? AND dataset = ? AND row_id = ? AND trial = ?"

        def fn(con: duckdb.DuckDBPyConnection) -> dict[str, Any] | None:
            rows = dict_rows(con.execute(f"SELECT * FROM dialogs {where}", key))
            if not rows:
                return None
            out = rows[0]
            out["turns"] = dict_rows(con.execute(
                f"SELECT idx, question, answer, question_latency_s, answer_latency_s, prompt_tokens,"
                f" completion_tokens, cached_tokens FROM turns {where} ORDER BY idx", key))
            out["predictions"] = dict_rows(con.execute(
                f"SELECT opportunity, predicted, label FROM predictions {where} ORDER BY opportunity",
                key))
            return out

        out = self._read(fn, None)
        if out is None:
            raise KeyError(f"no dialog {(run_id, dataset, row_id, trial)} in result store {self.path}")
        return out

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
                    for ddl in DDL:
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


def _opt_float(value: Any) -> float | None:
    return None if value is None else float(value)


def _opt_bool(value: Any) -> bool | None:
    return None if value is None else bool(value)


def _dialog_rows(run_id: str, r: DialogResult) -> tuple[list, list[list], list[list]]:
    """The dialog's rows, text cleaned and numbers checked (`sanitize`): UnstorableValue names a
    bad field, before anything touches the file."""
    if r.termination not in TERMINATIONS:
        raise ValueError(f"unknown termination {r.termination!r}; expected one of {TERMINATIONS}")
    key = [run_id, r.dataset, r.row_id, S.count("trial", r.trial)]
    dialog = key + [
        r.termination, S.clean_text(r.error, S.MAX_ERROR), r.predictions is not None, S.seconds("wall_s", r.wall_s),
        len(r.turns),
        *(S.count(f, getattr(r, f)) for f in ("agent_calls", "agent_prompt_tokens", "agent_completion_tokens",
                                               "user_calls", "user_prompt_tokens", "user_completion_tokens",
                                               "user_cached_tokens")),
        utc_now(),
    ]
    turns = [
        key + [i, S.clean_text(t.question), S.clean_text(t.answer),
               S.seconds(f"turn {i} question_latency_s", t.question_latency_s),
               S.seconds(f"turn {i} answer_latency_s", t.answer_latency_s),
               S.count(f"turn {i} prompt_tokens", t.prompt_tokens), S.count(f"turn {i} completion_tokens", t.completion_tokens),
               None if t.cached_tokens is None else S.count(f"turn {i} cached_tokens", t.cached_tokens)]
        for i, t in enumerate(r.turns)
    ]
    predictions = r.predictions if r.predictions is not None else {}
    opportunities = list(r.labels) + [o for o in predictions if o not in r.labels]
    preds = [
        key + [S.clean_text(o, 200), _opt_bool(predictions.get(o)), _opt_bool(r.labels.get(o))]
        for o in opportunities
    ]
    return dialog, turns, preds


def _insert_dialog(con: duckdb.DuckDBPyConnection, row: list) -> None:
    con.execute(f"INSERT INTO dialogs ({', '.join(DIALOG_COLS)}) VALUES "
                f"({', '.join('?' * len(DIALOG_COLS))})", row)


def _insert_many(con: duckdb.DuckDBPyConnection, table: str, cols: Sequence[str],
                 rows: list[list]) -> None:
    if not rows:
        return
    one = "(" + ", ".join("?" * len(cols)) + ")"
    # One multi-row INSERT: much faster than executemany for a handful of rows.
    con.execute(f"INSERT INTO {table} ({', '.join(cols)}) VALUES " + ", ".join([one] * len(rows)),
                [v for row in rows for v in row])


def _insert_turns(con: duckdb.DuckDBPyConnection, rows: list[list]) -> None:
    _insert_many(con, "turns", TURN_COLS, rows)


def _insert_predictions(con: duckdb.DuckDBPyConnection, rows: list[list]) -> None:
    _insert_many(con, "predictions", PRED_COLS, rows)


def _turn(t: Mapping[str, Any]) -> Turn:
    return Turn(
        question=t["question"], answer=t["answer"], question_latency_s=t["question_latency_s"],
        answer_latency_s=t["answer_latency_s"], prompt_tokens=t["prompt_tokens"],
        completion_tokens=t["completion_tokens"], cached_tokens=t["cached_tokens"],
    )


def _dialog_result(d: Mapping[str, Any], turns: list[Turn], preds: list[Mapping[str, Any]],
                   recommendation: str | None = None) -> DialogResult:
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
        user_cached_tokens=d["user_cached_tokens"], recommendation=recommendation,
    )
