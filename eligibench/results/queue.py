"""The submission queue (table `queue`): uploads wait here until a worker evaluates them.

Several workers share one queue (issue 25): a claim is a LEASE. `claim_next(worker, lease_s)`
marks the oldest queued entry running, held by `worker` until `lease_until`; the worker renews
it (`renew_lease`, its heartbeat) while it evaluates, and only the holder may finish it
(`finish_queue(..., worker=)`: a worker whose lease was lost gets `LeaseLost`, so nothing is
reported done by a worker that no longer owns the job). A worker that crashes (SIGKILL, a lost
machine) stops renewing: the next claim by any worker first returns entries whose lease has
expired to the queue, so another worker evaluates them (the run id is the same, so its stored
dialogs are kept and only the missing ones run). An entry whose lease expired MAX_ATTEMPTS times
is failed instead (its evaluation keeps killing workers). A worker told to stop gives its entry
back (`release_queue`).

No double claim: every claim is one transaction on the DuckDB file, which one process at a time
opens read-write (connection.py), so two claims never see the same entry queued. Leases are
compared with the clock of the machine whose process opens the file: the store's machine.
"""
from __future__ import annotations

import datetime as _dt
import os
import socket
from typing import Any

import duckdb

from eligibench.results.connection import StoreConnection, StoreError, dict_rows, utc_now

LEASE_S = 120.0  # a claim's lease; a worker renews it every LEASE_S / 4 (queue_worker.py)
MAX_ATTEMPTS = 3  # leases that may expire on one entry before it is failed


class LeaseLost(StoreError):
    """The worker no longer holds the queue entry (its lease expired and another worker took it, or it was finished)."""


def worker_id() -> str:
    """This process's name as a queue worker: host and pid."""
    return f"{socket.gethostname()}:{os.getpid()}"


class SubmissionQueue(StoreConnection):
    """Queue operations on the results file; each is one transaction."""

    def enqueue(self, submission: str, path: str | os.PathLike[str]) -> int:
        """Add a submission to the evaluation queue; returns its queue id."""

        def fn(con: duckdb.DuckDBPyConnection) -> int:
            # The file lock makes this transaction the only writer, so max + 1 is safe.
            (next_id,) = con.execute("SELECT coalesce(max(id), 0) + 1 FROM queue").fetchone()
            con.execute(
                "INSERT INTO queue (id, submission, path, status, submitted_at) VALUES (?,?,?,?,?)",
                [next_id, submission, str(path), "queued", utc_now()],
            )
            return int(next_id)

        return self._write(fn)

    def claim_next(self, worker: str | None = None, lease_s: float = LEASE_S) -> dict[str, Any] | None:
        """Atomically lease the oldest queued submission to `worker` (default: this process) for
        `lease_s` seconds and return it (None: nothing queued). Expired leases return to the
        queue first (module docstring)."""
        worker = worker or worker_id()
        if not lease_s > 0:
            raise ValueError(f"lease_s must be a positive number of seconds, got {lease_s!r}")

        def fn(con: duckdb.DuckDBPyConnection) -> dict[str, Any] | None:
            now = utc_now()
            _expire(con, now)
            row = con.execute(
                "SELECT id FROM queue WHERE status = 'queued' ORDER BY submitted_at, id LIMIT 1"
            ).fetchone()
            if row is None:
                return None
            con.execute("UPDATE queue SET status = 'running', started_at = ?, worker = ?, lease_until = ?,"
                        " attempts = coalesce(attempts, 0) + 1 WHERE id = ?",
                        [now, worker, now + _dt.timedelta(seconds=lease_s), row[0]])
            return dict_rows(con.execute("SELECT * FROM queue WHERE id = ?", [row[0]]))[0]

        return self._write(fn)

    def renew_lease(self, id: int, worker: str, lease_s: float = LEASE_S) -> bool:
        """Extend `worker`'s lease on entry `id` to now + lease_s; False when it no longer holds it."""

        def fn(con: duckdb.DuckDBPyConnection) -> bool:
            now = utc_now()
            return bool(con.execute(
                "UPDATE queue SET lease_until = ? WHERE id = ? AND worker = ? AND status = 'running'"
                " AND (lease_until IS NULL OR lease_until >= ?) RETURNING id",
                [now + _dt.timedelta(seconds=lease_s), id, worker, now]).fetchall())

        return self._write(fn)

    def release_queue(self, id: int, worker: str, reason: str) -> bool:
        """Give a held entry back to the queue (a stopping worker); False when `worker` did not hold it."""

        def fn(con: duckdb.DuckDBPyConnection) -> bool:
            return bool(con.execute(
                "UPDATE queue SET status = 'queued', worker = NULL, lease_until = NULL, error = ?"
                " WHERE id = ? AND worker = ? AND status = 'running' RETURNING id", [reason, id, worker]).fetchall())

        return self._write(fn)

    def finish_queue(self, id: int, status: str, error: str | None = None, worker: str | None = None) -> None:
        """Mark a queue entry 'done' or 'failed' (with an optional error message). With `worker`:
        only while that worker holds the entry's lease (LeaseLost otherwise)."""
        if status not in ("done", "failed"):
            raise ValueError(f"finish_queue status must be 'done' or 'failed', got {status!r}")

        def fn(con: duckdb.DuckDBPyConnection) -> None:
            if con.execute("SELECT 1 FROM queue WHERE id = ?", [id]).fetchone() is None:
                raise KeyError(f"no queue entry {id} in result store {self.path}")
            if worker is not None:
                require_lease(con, id, worker, f"not marking it {status}")
            con.execute("UPDATE queue SET status = ?, finished_at = ?, error = ?, lease_until = NULL WHERE id = ?",
                        [status, utc_now(), error, id])

        self._write(fn)

    def queue(self) -> list[dict[str, Any]]:
        """The submission queue, oldest first."""
        return self._read(lambda con: dict_rows(con.execute(
            "SELECT * FROM queue ORDER BY submitted_at, id")), [])




def require_lease(con: duckdb.DuckDBPyConnection, id: int, worker: str, what: str) -> dict[str, Any]:
    """The entry `id`, if `worker` holds its lease (inside the caller's transaction); LeaseLost otherwise."""
    rows = dict_rows(con.execute("SELECT * FROM queue WHERE id = ?", [id]))
    entry = rows[0] if rows else None
    if (entry is None or entry["status"] != "running" or entry["worker"] != worker
            or (entry["lease_until"] is not None and entry["lease_until"] < utc_now())):
        state = "no such entry" if entry is None else (f"status {entry['status']}, worker {entry['worker']}, "
                                                       f"lease until {entry['lease_until']}")
        raise LeaseLost(f"queue entry {id} is no longer held by worker {worker} ({state}): {what}")
    return entry


def _expire(con: duckdb.DuckDBPyConnection, now: _dt.datetime) -> None:
    """Entries whose worker stopped renewing its lease: back to the queue, or failed after MAX_ATTEMPTS."""
    for id, worker, attempts, until in con.execute(
            "SELECT id, worker, coalesce(attempts, 0), lease_until FROM queue"
            " WHERE status = 'running' AND lease_until IS NOT NULL AND lease_until < ?", [now]).fetchall():
        why = f"worker {worker} stopped renewing its lease (expired {until:%Y-%m-%d %H:%M:%S} UTC, attempt {attempts})"
        if attempts >= MAX_ATTEMPTS:
            con.execute("UPDATE queue SET status = 'failed', finished_at = ?, lease_until = NULL, error = ? WHERE id = ?",
                        [now, f"{why}: its evaluation lost {attempts} workers, so it is not retried again", id])
        else:
            con.execute("UPDATE queue SET status = 'queued', worker = NULL, lease_until = NULL, error = ? WHERE id = ?",
                        [f"{why}: returned to the queue", id])
