"""Read-only access for readers that run their own SQL (the leaderboard): one open connection as
DataFrames, over the live file or over Parquet snapshots.

- :class:`StoreSource` opens the DuckDB file read-only per request through
  `connection.read_only`, the store's one lock policy (this process's writers kept apart; another
  process's write lock waited for with backoff, then `StoreLockedError`).
- :class:`SnapshotSource` reads the Parquet files of ``ResultStore.export_parquet(dir)`` (one per
  table) through an in-memory DuckDB and never touches the live file.

A missing store (nothing evaluated yet) reads as a Reader with no tables. Nothing here writes.
"""
from __future__ import annotations

from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING, Any, Iterator, Sequence

import duckdb

from eligibench.results.connection import read_only

if TYPE_CHECKING:  # pandas costs 0.4 s to import; every `benyfits` command and agent worker imports
    import pandas as pd  # this package, and only readers' DataFrames (duckdb's .df()) need it


class Reader:
    """One open read-only connection: run SQL, get DataFrames."""

    def __init__(self, con: duckdb.DuckDBPyConnection | None):
        self.con = con
        self._tables: set[str] | None = None
        self._columns: dict[str, set[str]] = {}

    @property
    def empty(self) -> bool:
        return self.con is None

    def tables(self) -> set[str]:
        if self._tables is None:
            self._tables = set() if self.con is None else {
                r[0] for r in self.con.execute("SELECT table_name FROM information_schema.tables").fetchall()}
        return self._tables

    def has(self, *tables: str) -> bool:
        return all(t in self.tables() for t in tables)

    def columns(self, table: str) -> set[str]:
        """The table's column names (empty when the table is absent: an older store)."""
        if self.con is None or not self.has(table):
            return set()
        if table not in self._columns:
            self._columns[table] = {r[0] for r in self.con.execute(
                "SELECT column_name FROM information_schema.columns WHERE table_name = ?", [table]).fetchall()}
        return self._columns[table]

    def df(self, sql: str, params: Sequence[Any] = ()) -> pd.DataFrame:
        assert self.con is not None
        return self.con.execute(sql, list(params)).df()

    def records(self, sql: str, params: Sequence[Any] = ()) -> list[dict[str, Any]]:
        """The rows as dicts of Python values (NULL is None), for code that reads rows one by one
        rather than showing a table. Measured (2026-11-28, a 16 MB store): 2.8 ms a query against
        22 ms for the same rows through `df(...).to_dict("records")`: a dialog's transcript runs
        nine such queries per click."""
        assert self.con is not None
        cur = self.con.execute(sql, list(params))
        names = [d[0] for d in cur.description]
        return [dict(zip(names, row)) for row in cur.fetchall()]


class StoreSource:
    """The live DuckDB results file, opened read-only per request (see the module docstring)."""

    def __init__(self, path: str | Path, read_timeout: float = 15.0):
        self.path = Path(path).resolve()
        self.read_timeout = read_timeout

    def describe(self) -> str:  # no server path on a page: the file name only
        return f"results store `{self.path.name}`"

    def exists(self) -> bool:
        return self.path.exists()

    @contextmanager
    def reader(self) -> Iterator[Reader]:
        with read_only(self.path, self.read_timeout) as con:
            yield Reader(con)


class SnapshotSource:
    """Parquet snapshots (``ResultStore.export_parquet``): one ``<table>.parquet`` per table."""

    def __init__(self, directory: str | Path):
        self.directory = Path(directory).resolve()

    def describe(self) -> str:
        return f"Parquet snapshot `{self.directory.name}`"

    def exists(self) -> bool:
        return (self.directory / "runs.parquet").is_file()

    @contextmanager
    def reader(self) -> Iterator[Reader]:
        files = sorted(self.directory.glob("*.parquet")) if self.directory.is_dir() else []
        if not any(f.stem == "runs" for f in files):
            yield Reader(None)
            return
        con = duckdb.connect()
        try:
            for f in files:
                path = str(f).replace("'", "''")
                con.execute(f'CREATE VIEW "{f.stem}" AS SELECT * FROM read_parquet(\'{path}\')')
            yield Reader(con)
        finally:
            con.close()


def open_source(store: str | Path | None = None, snapshot: str | Path | None = None,
                read_timeout: float = 15.0) -> StoreSource | SnapshotSource:
    if snapshot is not None:
        return SnapshotSource(snapshot)
    if store is None:
        raise ValueError("open_source needs a store path or a snapshot directory")
    return StoreSource(store, read_timeout)
