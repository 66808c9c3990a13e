"""The priorities track's tables of a run (docs/priorities.md): each dialog's recommendation
(`recommendations`) and the per-dialog parts the track's figures and rank ranges are summed from
(`priority_parts`, evaluation/scoring/priorities.py)."""
from __future__ import annotations

from typing import Any, Sequence

import duckdb

from eligibench.results.connection import StoreConnection, require_run
from eligibench.results.process import insert_rows
from eligibench.results.schema import PRIORITY_PART_COLS, RECOMMENDATION_COLS


class PriorityTables(StoreConnection):
    def record_recommendations(self, run_id: str, rows: Sequence[tuple[str, str, int, str]]) -> None:
        """Set the recommendation of stored dialogs, rows of (dataset, row id, trial, recommendation),
        leaving the rest of each dialog as recorded (a reference agent's recommendation asked after
        its run: stages/priorities.py)."""

        def fn(con: duckdb.DuckDBPyConnection) -> None:
            require_run(con, run_id, self.path)
            for dataset, row_id, trial, _ in rows:
                con.execute("DELETE FROM recommendations WHERE run_id = ? AND dataset = ? AND row_id = ? AND trial = ?",
                            [run_id, dataset, row_id, int(trial)])
            insert_rows(con, "recommendations", RECOMMENDATION_COLS, [[run_id, d, r, int(t), c] for d, r, t, c in rows])

        self._write(fn)

    def record_priority_parts(self, run_id: str, rows: Sequence[Sequence[Any]]) -> None:
        """Replace the run's priorities parts with rows of (dataset, row id, trial, *parts) (table
        `priority_parts`, evaluation/scoring/priorities.py)."""
        width = len(PRIORITY_PART_COLS) - 1
        bad = [r for r in rows if len(r) != width]
        if bad:
            raise ValueError(f"priority_parts rows have {width} fields (dataset, row id, trial, parts), got {bad[0]!r}")

        def fn(con: duckdb.DuckDBPyConnection) -> None:
            require_run(con, run_id, self.path)
            con.execute("DELETE FROM priority_parts WHERE run_id = ?", [run_id])
            insert_rows(con, "priority_parts", PRIORITY_PART_COLS, [[run_id, *r] for r in rows])

        self._write(fn)

