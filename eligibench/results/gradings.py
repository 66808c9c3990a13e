"""Gradings of a run (issue 31 item 1): which ground truth graded it, and every regrade.

A run is graded once when it is evaluated (grading 1, `evaluation.regrade.record_first_grading`)
and again by each `benyfits regrade` that finds newer checkers (grading 2, 3, ...). Every grading
is kept (`gradings`: digest, metric rows as JSON, pairs changed); the `metrics` table and the
labels in `predictions` always hold the newest, so every reader shows the newest without knowing
about gradings. The pairs a regrade changed are in `grading_changes`; the households a run
evaluated are in `run_households`, so a regrade needs no published folder.
"""
from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import duckdb

from eligibench.results.connection import StoreConnection, dict_rows, utc_now
from eligibench.results.process import insert_rows

GRADING_COLS = ("run_id", "grading", "ground_truth", "edition", "bootstrap", "changed", "metrics", "created_at")
CHANGE_COLS = ("run_id", "grading", "dataset", "row_id", "trial", "opportunity", "predicted", "old_label", "new_label")
MetricRow = tuple[str, str, float | None, float | None, float | None]


@dataclass(frozen=True)
class LabelChange:
    """One (household, opportunity) pair whose label a regrade changed."""

    dataset: str
    row_id: str
    trial: int
    opportunity: str
    predicted: bool | None
    old: bool
    new: bool


def _metrics_json(rows: Sequence[MetricRow]) -> str:
    return json.dumps([list(r) for r in rows], separators=(",", ":"))


class GradingTables(StoreConnection):
    def record_households(self, run_id: str, households: Mapping[tuple[str, str], str]) -> None:
        """(dataset, row_id) -> the household's v1 JSON; replaces rows already there."""
        rows = [[run_id, d, r, h] for (d, r), h in sorted(households.items())]

        def fn(con: duckdb.DuckDBPyConnection) -> None:
            for _, d, r, _h in rows:
                con.execute("DELETE FROM run_households WHERE run_id = ? AND dataset = ? AND row_id = ?", [run_id, d, r])
            insert_rows(con, "run_households", ("run_id", "dataset", "row_id", "household"), rows)

        self._write(fn)

    def run_households(self, run_id: str) -> dict[tuple[str, str], str]:
        """(dataset, row_id) -> v1 JSON of every household the run recorded (empty for older runs)."""
        return self._read(lambda con: {(d, r): h for d, r, h in con.execute(
            "SELECT dataset, row_id, household FROM run_households WHERE run_id = ?", [run_id]).fetchall()}, {})

    def gradings(self, run_id: str) -> list[dict[str, Any]]:
        """The run's gradings, oldest first (metrics decoded to rows)."""
        def fn(con: duckdb.DuckDBPyConnection) -> list[dict[str, Any]]:
            rows = dict_rows(con.execute("SELECT * FROM gradings WHERE run_id = ? ORDER BY grading", [run_id]))
            for row in rows:
                row["metrics"] = [tuple(m) for m in json.loads(row["metrics"])] if row["metrics"] else []
            return rows

        return self._read(fn, [])

    def grading_changes(self, run_id: str, grading: int | None = None) -> list[dict[str, Any]]:
        sql = "SELECT * FROM grading_changes WHERE run_id = ?" + (" AND grading = ?" if grading is not None else "")
        args = [run_id] + ([grading] if grading is not None else [])
        return self._read(lambda con: dict_rows(con.execute(sql + " ORDER BY grading, dataset, row_id, trial, opportunity",
                                                            args)), [])

    def record_first_grading(self, run_id: str, ground_truth: str | None, edition: str, bootstrap: int,
                             metrics: Sequence[MetricRow]) -> None:
        """Grading 1 (the evaluation's own); rewritten while it is the only one (a resumed run
        rescored), left alone once a regrade followed."""
        def fn(con: duckdb.DuckDBPyConnection) -> None:
            n = con.execute("SELECT count(*) FROM gradings WHERE run_id = ?", [run_id]).fetchone()[0]
            if n > 1:
                return
            con.execute("DELETE FROM gradings WHERE run_id = ?", [run_id])
            insert_rows(con, "gradings", GRADING_COLS,
                        [[run_id, 1, ground_truth, edition, bootstrap, None, _metrics_json(metrics), utc_now()]])

        self._write(fn)

    def record_regrade(self, run_id: str, ground_truth: str, edition: str, bootstrap: int,
                       metrics: Sequence[MetricRow], changes: Sequence[LabelChange],
                       before: Sequence[MetricRow]) -> int:
        """A new grading in one transaction: the changed labels in `predictions`, the run's metrics
        replaced, the grading and its changed pairs recorded. A run with no grading yet (evaluated
        before version 5) first gets grading 1 from `before`, its ground truth unknown. Returns
        the new grading's number."""
        def fn(con: duckdb.DuckDBPyConnection) -> int:
            last = con.execute("SELECT max(grading) FROM gradings WHERE run_id = ?", [run_id]).fetchone()[0]
            if last is None:
                insert_rows(con, "gradings", GRADING_COLS,
                            [[run_id, 1, None, edition, None, None, _metrics_json(before), utc_now()]])
                last = 1
            n = int(last) + 1
            for c in changes:
                con.execute("UPDATE predictions SET label = ? WHERE run_id = ? AND dataset = ? AND row_id = ? AND trial = ?"
                            " AND opportunity = ?", [c.new, run_id, c.dataset, c.row_id, c.trial, c.opportunity])
            con.execute("DELETE FROM metrics WHERE run_id = ?", [run_id])
            if metrics:
                con.executemany("INSERT INTO metrics VALUES (?,?,?,?,?,?)", [[run_id, *m] for m in metrics])
            insert_rows(con, "gradings", GRADING_COLS,
                        [[run_id, n, ground_truth, edition, bootstrap, len(changes), _metrics_json(metrics), utc_now()]])
            insert_rows(con, "grading_changes", CHANGE_COLS,
                        [[run_id, n, c.dataset, c.row_id, c.trial, c.opportunity, c.predicted, c.old, c.new]
                         for c in changes])
            return n

        return self._write(fn)
