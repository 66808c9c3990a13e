"""One output FILE a command writes (`export-run --output`, `evaluate --output`, `import-v1 --out`,
`play --export-tlx`): the file-sized form of the folder rule in `eligibench.files` (a command never
deletes or overwrites a file it did not write).

Before, each of these wrote its path unasked: `export-run RUN --output results/local.duckdb`
replaced the results store it had just read with the run's JSON, and any existing file was
overwritten. Now the path is checked before any work: a folder, a results store (the one the
command reads, or any DuckDB file) and a new `.duckdb` name are refused whatever the flags;
another existing file needs `--force` (the command cannot tell its own earlier output from a
user's file). The file lands by an atomic rename, so a failure never leaves half a file in place
of the old one.
"""
from __future__ import annotations

import argparse
import os
import tempfile
from pathlib import Path

from eligibench.errors import BenyfitsError


def add_force_option(p: argparse.ArgumentParser, option: str) -> None:
    p.add_argument("--force", action="store_true",
                   help=f"replace the file {option} names when it exists (never a folder or a results store)")


def _is_duckdb(path: Path) -> bool:
    from eligibench.results import DUCKDB_MAGIC  # here: importing results imports DuckDB, which a start need not

    try:
        with open(path, "rb") as f:
            return f.read(12)[8:12] == DUCKDB_MAGIC
    except OSError:
        return False


def check_output_file(path: Path | str, option: str, *, force: bool = False,
                      protect: tuple[Path | str, ...] = ()) -> Path:
    """`path` if the command may write it (module docstring), else BenyfitsError in one line naming
    `option` (e.g. "--output") and the path. Nothing is created."""
    path = Path(path)
    if path.is_dir():
        raise BenyfitsError(f"{option} {path}: is a folder, expected a file name to write")
    held = {Path(p).resolve() for p in protect}
    if path.resolve() in held:
        raise BenyfitsError(f"{option} {path}: is the results store this command reads: never written over "
                            "(choose another file name)")
    if _is_duckdb(path):
        raise BenyfitsError(f"{option} {path}: is a DuckDB database (a results store): never written over "
                            "(choose another file name)")
    if path.suffix == ".duckdb":  # a new file by a store's name would be taken for a store, and fail as one
        raise BenyfitsError(f"{option} {path}: a .duckdb name is a results store's: never written with another "
                            "format (choose another file name)")
    if path.exists() or path.is_symlink():
        if not force:
            raise BenyfitsError(f"{option} {path}: exists: choose a new file name, or --force to replace it")
    return path


def write_output_file(path: Path | str, data: str | bytes) -> Path:
    """Write `data` to `path` (checked by `check_output_file` first) by an atomic rename; an
    unwritable place is one line (BenyfitsError), not a traceback."""
    path = Path(path)
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.")
        with os.fdopen(fd, "wb") as f:
            f.write(data.encode("utf-8") if isinstance(data, str) else data)
        os.chmod(tmp, 0o644 & ~_umask())
        os.replace(tmp, path)
    except OSError as e:
        raise BenyfitsError(f"{path}: cannot write there: {e.strerror or e}") from None
    return path


def _umask() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return mask
