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
from eligibench.results import check_store_path  # noqa: F401 - the commands' store check, named here too


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
