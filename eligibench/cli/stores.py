"""Which results stores a command that reads runs searches (issue 36): `--store` names one; without
it, the board's store (params.yaml `evaluate.store`) and then the development store
(`results/local.duckdb`, where `benyfits evaluate` keeps runs of folders outside submissions/), so
`view`, `export-run`, `compare` and `cost` find a development run without `--store`."""
from __future__ import annotations

from pathlib import Path

from eligibench.errors import BenyfitsError


def searched_stores(store: str | None, project: Path = Path(".")) -> list[Path]:
    """`[store]` when given (it must exist), else the board's store then the development store."""
    if store:
        if not Path(store).is_file():
            raise BenyfitsError(f"{store}: no results store (--store names an existing DuckDB results file)")
        return [Path(store)]
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
