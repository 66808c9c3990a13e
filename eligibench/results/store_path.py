"""Whether a path can serve as a results store, checked before any work: the one check of every
command and of the board (`benyfits leaderboard --store`), each failure one line naming the path."""
from __future__ import annotations

from pathlib import Path

from eligibench.errors import BenyfitsError
from eligibench.files import probe_writable

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
