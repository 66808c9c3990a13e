"""Process tables of a run (writers and readers): the facts each answer disclosed (`turn_facts`),
per-dialog process metrics (`dialog_process`), the cause of every wrong prediction
(`pair_failures`) and each simulator answer checked against the household (`simulator_checks`).

A grounded simulator's disclosures and notes are written with their dialog (store.py, one
transaction); everything computed after a run is written here, replacing the run's earlier copy
in one transaction. The metrics are computed by `evaluation.process`.
"""
from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from typing import Any

import duckdb

from eligibench.results.connection import StoreConnection, dict_rows, utc_now
from eligibench.results.records import DialogResult
from eligibench.results.schema import (
    CHECK_COLS,
    FAILURE_CAUSES,
    FAILURE_COLS,
    FAULT_COLS,
    PERSONA_PAIR_COLS,
    PROCESS_COLS,
    RERUN_COLS,
    TURN_FACT_COLS,
)

DialogKey = tuple[str, str, int]  # (dataset, row_id, trial)


def grounded_rows(run_id: str, r: DialogResult) -> tuple[list[list], list[list]]:
    """The turn_facts (exact) and simulator_checks rows a grounded dialog carries."""
    key = [run_id, r.dataset, r.row_id, int(r.trial)]
    facts = [key + [int(i), str(k), json.dumps(v), True] for i, k, v in r.turn_facts]
    checks = [key + [int(i), "faithful", str(how)] for i, how in r.answer_methods]
    return facts, checks


def insert_rows(con: duckdb.DuckDBPyConnection, table: str, cols: Sequence[str], rows: list[list]) -> None:
    if not rows:
        return
    one = "(" + ", ".join("?" * len(cols)) + ")"
    for start in range(0, len(rows), 500):  # bounded statement size
        chunk = rows[start:start + 500]
        con.execute(f"INSERT INTO {table} ({', '.join(cols)}) VALUES " + ", ".join([one] * len(chunk)),
                    [v for row in chunk for v in row])


class ProcessTables(StoreConnection):
    def record_process(self, run_id: str, estimated_facts: Mapping[DialogKey, Sequence[tuple[int, str, Any]]],
                       checks: Mapping[DialogKey, Sequence[tuple[int, str, str]]],
                       process: Sequence[Mapping[str, Any]], failures: Sequence[tuple[DialogKey, str, str]]) -> None:
        """Replace the run's computed process rows: estimated disclosures and answer checks of the
        given (free-form) dialogs, and every dialog's process metrics and failure causes."""
        bad = [c for _, _, c in failures if c not in FAILURE_CAUSES]
        if bad:
            raise ValueError(f"unknown failure cause {bad[0]!r}; expected one of {FAILURE_CAUSES}")
        fact_rows = [[run_id, d, r, int(t), int(i), str(k), json.dumps(v), False]
                     for (d, r, t), fs in estimated_facts.items() for i, k, v in fs]
        check_rows = [[run_id, d, r, int(t), int(i), str(v), str(detail)]
                      for (d, r, t), cs in checks.items() for i, v, detail in cs]
        proc_rows = [[run_id] + [p[c] for c in PROCESS_COLS[1:]] for p in process]
        fail_rows = [[run_id, d, r, int(t), str(o), c] for (d, r, t), o, c in failures]

        def fn(con: duckdb.DuckDBPyConnection) -> None:
            for (d, r, t) in set(estimated_facts) | set(checks):
                for table in ("turn_facts", "simulator_checks"):
                    con.execute(f"DELETE FROM {table} WHERE run_id = ? AND dataset = ? AND row_id = ? AND trial = ?",
                                [run_id, d, r, int(t)])
            con.execute("DELETE FROM dialog_process WHERE run_id = ?", [run_id])
            con.execute("DELETE FROM pair_failures WHERE run_id = ?", [run_id])
            insert_rows(con, "turn_facts", TURN_FACT_COLS, fact_rows)
            insert_rows(con, "simulator_checks", CHECK_COLS, check_rows)
            insert_rows(con, "dialog_process", PROCESS_COLS, proc_rows)
            insert_rows(con, "pair_failures", FAILURE_COLS, fail_rows)

        self._write(fn)

    def record_simulator_faults(self, run_id: str, rows: Sequence[Sequence[Any]]) -> None:
        """Replace the run's simulator_faults rows (FAULT_COLS after run_id; simulator_faults.py)."""
        def fn(con: duckdb.DuckDBPyConnection) -> None:
            con.execute("DELETE FROM simulator_faults WHERE run_id = ?", [run_id])
            insert_rows(con, "simulator_faults", FAULT_COLS, [[run_id, *r] for r in rows])

        self._write(fn)

    def record_persona_pairs(self, run_id: str, persona: str, pairs: Sequence[tuple[str, str, str]]) -> None:
        """Replace the run's persona_pairs rows: (dataset, row id, opportunity) its persona cannot reveal."""
        def fn(con: duckdb.DuckDBPyConnection) -> None:
            con.execute("DELETE FROM persona_pairs WHERE run_id = ?", [run_id])
            insert_rows(con, "persona_pairs", PERSONA_PAIR_COLS, [[run_id, d, r, o, persona] for d, r, o in sorted(pairs)])

        self._write(fn)

    def record_simulator_rerun(self, run_id: str, key: DialogKey, attempt: int, seed: int, termination: str,
                               faults: int, correct: int, pairs: int) -> None:
        """One re-run of a faulty dialog (`evaluate --rerun-simulator-faults`), replacing that attempt's row."""
        d, r, t = key
        row = [run_id, d, r, int(t), int(attempt), int(seed), termination, int(faults), int(correct), int(pairs),
               utc_now()]

        def fn(con: duckdb.DuckDBPyConnection) -> None:
            con.execute("DELETE FROM simulator_reruns WHERE run_id = ? AND dataset = ? AND row_id = ? AND trial = ?"
                        " AND attempt = ?", [run_id, d, r, int(t), int(attempt)])
            insert_rows(con, "simulator_reruns", RERUN_COLS, [row])

        self._write(fn)

    def turn_facts(self, run_id: str) -> dict[DialogKey, list[tuple[int, str, Any, bool]]]:
        """Per dialog its disclosed facts (idx, key, value, exact), in turn order."""
        def fn(con: duckdb.DuckDBPyConnection) -> dict:
            out: dict[DialogKey, list] = {}
            for d in dict_rows(con.execute("SELECT * FROM turn_facts WHERE run_id = ? ORDER BY dataset, row_id,"
                                        " trial, idx, fact_key", [run_id])):
                out.setdefault((d["dataset"], d["row_id"], int(d["trial"])), []).append(
                    (int(d["idx"]), d["fact_key"], json.loads(d["value"]) if d["value"] is not None else None,
                     bool(d["exact"])))
            return out

        return self._read(fn, {})

    def process_rows(self, table: str, run_id: str) -> list[dict[str, Any]]:
        """Rows of one process table for a run (dialog_process, pair_failures, simulator_checks)."""
        if table not in ("dialog_process", "pair_failures", "simulator_checks", "turn_facts", "simulator_faults",
                         "simulator_reruns", "persona_pairs"):
            raise ValueError(f"not a process table: {table!r}")
        return self._read(lambda con: dict_rows(con.execute(
            f"SELECT * FROM {table} WHERE run_id = ? ORDER BY ALL", [run_id])), [])
