"""One run's rows moved between result stores: `export_run(store, run_id)` -> a JSON-ready document
of every table row that belongs to the run; `import_run(store, doc)` writes it in one transaction,
replacing what the store held of that run.

The queue's claim service (queue_service.py) uses it so a worker on another machine can evaluate
into a scratch store of its own: it starts from the run's rows as the store's machine holds them
(a run resumed after a crashed worker keeps its dialogs) and sends the whole run back, which
replaces the run there. Only the machine that owns the store ever opens its DuckDB file.
"""
from __future__ import annotations

import datetime as _dt
import math
from typing import Any, Callable

import duckdb

# every table keyed by run_id (schema.TABLES minus meta, queue and audit), parents first
RUN_TABLES = ("runs", "dialogs", "turns", "predictions", "metrics", "turn_facts", "dialog_process", "pair_failures",
              "simulator_checks", "turn_notes", "run_replicas", "simulator_faults", "simulator_reruns",
              "persona_pairs", "gradings", "grading_changes", "run_households")
FORMAT = "benyfits-run/1"


def _plain(value: Any) -> Any:
    if isinstance(value, (_dt.datetime, _dt.date)):
        return value.isoformat()
    if isinstance(value, float) and not math.isfinite(value):
        return None if math.isnan(value) else str(value)
    return value


def export_run(store, run_id: str) -> dict[str, Any] | None:
    """The run's rows per table (None: the store has no such run)."""

    def fn(con: duckdb.DuckDBPyConnection) -> dict[str, Any] | None:
        if con.execute("SELECT 1 FROM runs WHERE run_id = ?", [run_id]).fetchone() is None:
            return None
        tables = {}
        for table in RUN_TABLES:
            cur = con.execute(f"SELECT * FROM {table} WHERE run_id = ?", [run_id])
            columns = [d[0] for d in cur.description]
            tables[table] = {"columns": columns, "rows": [[_plain(v) for v in row] for row in cur.fetchall()]}
        return {"format": FORMAT, "run_id": run_id, "tables": tables}

    return store._read(fn, None)


def import_run(store, doc: dict[str, Any], guard: Callable[[duckdb.DuckDBPyConnection], None] | None = None) -> int:
    """Replace the store's copy of the run with `doc` (export_run's) in one transaction; the rows
    written. `guard(con)` runs first in the same transaction and may raise to refuse the import
    (the claim service checks that the sender still holds the queue entry's lease)."""
    if not isinstance(doc, dict) or doc.get("format") != FORMAT or not isinstance(doc.get("run_id"), str):
        raise ValueError(f"not a run document (format {FORMAT!r} with a run_id)")
    run_id, tables = doc["run_id"], doc.get("tables") or {}
    unknown = sorted(set(tables) - set(RUN_TABLES))
    if unknown or "runs" not in tables:
        raise ValueError(f"run document {run_id}: tables must be among {RUN_TABLES} and include 'runs'; got {sorted(tables)}")
    for table, body in tables.items():
        cols = body.get("columns") or []
        if "run_id" not in cols or any(len(r) != len(cols) or r[cols.index("run_id")] != run_id for r in body["rows"]):
            raise ValueError(f"run document {run_id}: table {table} has rows of another run or of the wrong width")

    def fn(con: duckdb.DuckDBPyConnection) -> int:
        if guard is not None:
            guard(con)
        for table in reversed(RUN_TABLES):  # children first, then the run itself
            con.execute(f"DELETE FROM {table} WHERE run_id = ?", [run_id])
        written = 0
        for table in RUN_TABLES:
            body = tables.get(table)
            if not body or not body["rows"]:
                continue
            cols = body["columns"]
            known = {r[0] for r in con.execute(
                "SELECT column_name FROM duckdb_columns() WHERE table_name = ? AND schema_name = 'main'",
                [table]).fetchall()}
            if set(cols) - known:
                raise ValueError(f"run document {run_id}: table {table} has unknown columns {sorted(set(cols) - known)}")
            names = ", ".join(f'"{c}"' for c in cols)
            con.executemany(f"INSERT INTO {table} ({names}) VALUES ({', '.join('?' * len(cols))})", body["rows"])
            written += len(body["rows"])
        return written

    return store._write(fn)
