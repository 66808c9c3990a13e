"""Which results stores a command that reads runs searches: `--store` names one; without it, the
board's store (params.yaml `evaluate.store`, built by `dvc repro`) and then the development store
(`results/local.duckdb`, where `benyfits evaluate` keeps runs of folders outside submissions/).
`find_runs` is the one run lookup of every command taking run ids (view, export-run, compare,
export-trajectories, regrade, cost): a full id or a unique prefix, in either store, and every
error names `benyfits runs`, which lists both stores' runs."""
from __future__ import annotations

from contextlib import contextmanager
from pathlib import Path
from typing import Any, Iterable, Iterator

from eligibench.errors import BenyfitsError
from eligibench.files import probe_writable


def searched_stores(store: str | None, project: Path = Path(".")) -> list[Path]:
    """`[store]` when given (it must exist), else the board's store then the development store."""
    if store:
        if not Path(store).is_file():
            raise BenyfitsError(f"{store}: no results store (--store names an existing DuckDB results file)")
        return [check_store_path(store)]
    from eligibench.paths import LOCAL_STORE, default_store

    return [default_store(project), project / LOCAL_STORE]


def existing_stores(store: str | None, project: Path = Path(".")) -> list[Path]:
    """The searched stores that exist; an error naming them when none does."""
    paths = searched_stores(store, project)
    found = [p for p in paths if p.is_file()]
    if not found:
        raise BenyfitsError(f"no results store: looked for {' and '.join(str(p) for p in paths)} "
                            "(run from the project root, or pass --store)")
    return found


def find_runs(run_ids: Iterable[str], store: str | None = None, project: Path = Path(".")) -> list[tuple[Any, dict]]:
    """(ResultStore, run record) for each run id or unique prefix, searched in `searched_stores`
    (`results.find_run`: an unknown or ambiguous id is one line naming `benyfits runs`)."""
    from eligibench.results import find_run

    stores = existing_stores(store, project)
    return [find_run(stores, run_id) for run_id in run_ids]


DUCKDB_MAGIC = b"DUCK"  # bytes 8-12 of every DuckDB database file (after an 8-byte checksum)


def check_store_path(path: Path | str, *, create: bool = False) -> Path:
    """`path` as a results store a command can use, checked before any work (one line naming it):
    an existing DuckDB file; or, with `create`, a path where one can be created (its nearest
    existing folder takes a file: probed with a temporary file, removed at once, so nothing is
    left behind when the command fails later)."""

    path = Path(path)
    if path.is_dir():
        raise BenyfitsError(f"{path}: is a folder, expected a DuckDB results file")
    if path.exists():
        try:
            with open(path, "rb") as f:
                head = f.read(16)
        except OSError as e:
            raise BenyfitsError(f"{path}: the results store cannot be read: {e.strerror or e}") from None
        if len(head) < 12 or head[8:12] != DUCKDB_MAGIC:
            raise BenyfitsError(f"{path}: not a DuckDB results file (give --store a .duckdb file a benyfits "
                                "command wrote, or a new path)")
        return path
    if not create:
        raise BenyfitsError(f"{path}: no results store there")
    try:
        probe_writable(path.parent)
    except OSError as e:
        raise BenyfitsError(f"{path}: cannot be opened or created as a results store "
                            f"({e.filename or path.parent}: {e.strerror or e})") from None
    return path


def open_store(path: Path | str, *, create: bool = False):
    """A ResultStore on `path` after `check_store_path`."""
    from eligibench.results import ResultStore

    return ResultStore(check_store_path(path, create=create))


@contextmanager
def no_new_empty_store(path: Path | str) -> Iterator[None]:
    """A store this block creates is removed again when the block fails (with its DuckDB
    write-ahead log): a failing command leaves no new empty store behind. One that existed
    before is never touched."""
    path = Path(path)
    existed = path.exists()
    try:
        yield
    except BaseException:
        if not existed and path.is_file() and _holds_no_runs(path):
            for p in (path, path.with_name(path.name + ".wal")):
                if p.is_file():
                    p.unlink()
        raise


def _holds_no_runs(path: Path) -> bool:
    """True when the store has no run rows (a store that cannot be read is kept: not ours to judge)."""
    from eligibench.results import ResultStore

    try:
        return not ResultStore(path).runs()
    except Exception:  # noqa: BLE001 - unreadable: keep it
        return False
