"""The submission queue (table `queue`): uploads wait here until a worker evaluates them."""
from __future__ import annotations

import os
from typing import Any

import duckdb

from eligibench.results.connection import StoreConnection, _dicts, _now


class SubmissionQueue(StoreConnection):
    """Queue operations on the results file; each is one transaction."""

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

    def queue(self) -> list[dict[str, Any]]:
        """The submission queue, oldest first."""
        return self._read(lambda con: _dicts(con.execute(
            "SELECT * FROM queue ORDER BY submitted_at, id")), [])


