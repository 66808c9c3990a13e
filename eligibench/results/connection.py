"""The one way to open the results store's DuckDB file, for writers and readers alike.

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
through ``MIGRATIONS`` (or raises if no path exists); a newer file is refused with both versions named."""
from __future__ import annotations

import datetime as _dt
import os
import random
import threading
import time
from contextlib import contextmanager
from pathlib import Path
from typing import Any, Callable, Iterator

import duckdb

from eligibench.errors import BenyfitsError
from eligibench.results.schema import DDL, MIGRATIONS, SCHEMA_VERSION


class StoreError(BenyfitsError, RuntimeError):
    """Base class for result-store errors: each names the file and what to do, so a command ends on
    it in one line (errors.run_main), not a traceback (issue 36: an old schema version was 28 lines)."""


class StoreLockedError(StoreError, TimeoutError):
    """Another process held the DuckDB file for longer than the timeout allowed."""


class SchemaVersionError(StoreError):
    """The file's schema version cannot be used by this code."""


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


def require_run(con: duckdb.DuckDBPyConnection, run_id: str, path: object) -> None:
    """A writer's first step: the run must exist (ensure_run made it)."""
    if con.execute("SELECT 1 FROM runs WHERE run_id = ?", [run_id]).fetchone() is None:
        raise KeyError(f"no run {run_id!r} in result store {path}: call ensure_run(spec) first")


def utc_now() -> _dt.datetime:
    return _dt.datetime.now(_dt.timezone.utc).replace(tzinfo=None)


def connect(path: str | os.PathLike[str], read_only: bool, timeout: float) -> duckdb.DuckDBPyConnection:
    """Open the DuckDB file, retrying with jittered backoff while another process holds it;
    StoreLockedError (naming the file) when it stays locked for `timeout` seconds."""
    deadline = time.monotonic() + timeout
    delay = 0.01 if read_only else 0.02
    cap = 0.2 if read_only else 1.0
    attempts = 0
    while True:
        attempts += 1
        try:
            return duckdb.connect(str(path), read_only=read_only)
        except (duckdb.IOException, duckdb.ConnectionException) as exc:
            if not _is_lock_error(exc):
                raise
            left = deadline - time.monotonic()
            if left <= 0:
                mode = "read-only" if read_only else "read-write"
                raise StoreLockedError(
                    f"result store {path} is locked by another process: could not open it "
                    f"{mode} within {timeout:g} s ({attempts} attempts). Last error: {exc}"
                ) from exc
            time.sleep(min(left, delay * (0.5 + random.random())))
            delay = min(cap, delay * 2)


@contextmanager
def read_only(path: str | os.PathLike[str], timeout: float) -> Iterator[duckdb.DuckDBPyConnection | None]:
    """A read-only connection under the one lock policy: this process's writers are kept apart
    (the in-process lock) and another process's write lock is waited for with backoff; None when
    the file does not exist yet. StoreLockedError when the store stays busy for `timeout` s.
    For readers outside `ResultStore` (the leaderboard) that run their own SQL."""
    path = Path(path).resolve()
    if not path.exists():
        yield None
        return
    start = time.monotonic()
    lock = _lock_for(str(path))
    if not lock.acquire_read(timeout):
        raise StoreLockedError(f"result store {path}: another thread of this process kept it busy; "
                               f"could not read within {timeout:g} s")
    try:
        try:
            con = connect(path, True, max(0.0, timeout - (time.monotonic() - start)))
        except duckdb.IOException:
            if not path.exists():  # removed between the check and the open
                yield None
                return
            raise
        try:
            yield con
        finally:
            con.close()
    finally:
        lock.release_read()


class StoreConnection:
    """A DuckDB results file: one-transaction writers and snapshot readers (module docstring)."""
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
        return connect(self.path, read_only, timeout)

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
            for ddl in DDL:
                con.execute(ddl)
            con.execute("INSERT INTO meta VALUES ('schema_version', ?)", [str(SCHEMA_VERSION)])
            con.execute("INSERT INTO meta VALUES ('created_at', ?)", [utc_now().isoformat()])
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


def dict_rows(cursor: duckdb.DuckDBPyConnection) -> list[dict[str, Any]]:
    names = [d[0] for d in cursor.description]
    return [dict(zip(names, row)) for row in cursor.fetchall()]

