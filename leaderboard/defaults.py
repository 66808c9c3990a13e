"""The board's first view and the warning for a missing store (issue 26).

- `default_protocol(protos, latest)`: the full protocol (most runs) when one exists; else the
  protocol of the most recent run. Counting runs let a protocol made only of broken drafts win
  the default view; development runs now go to their own store (`benyfits evaluate` of a folder
  outside submissions/ writes results/local.duckdb), so the board's runs are submitted ones.
- the newest run's protocol is read by `queries.latest_protocol`.
- `store_warning(path)` / `warn_if_store_missing(path)`: what to tell someone who started the board
  where there is no store (it would show 0 runs).
"""
from __future__ import annotations

import sys
from pathlib import Path
from typing import Any, Mapping


def default_protocol(protos: Mapping[str, Any], latest: str | None) -> str | None:
    """The full protocol with the most runs; else the latest run's protocol; else the largest."""
    full = sorted((p for p in protos.values() if p.kind == "full"), key=lambda p: (-p.runs, p.id))
    if full:
        return full[0].id
    if latest in protos:
        return latest
    rest = sorted(protos.values(), key=lambda p: (-p.runs, p.id))
    return rest[0].id if rest else None


def store_warning(path: str | Path | None) -> str | None:
    """A warning when the board's store does not exist (started in the wrong folder?), else None."""
    if path is None or Path(path).exists():
        return None
    return (f"leaderboard: WARNING: no results store at {Path(path).resolve()}: the board will show 0 runs. "
            "Run from the project root (where params.yaml is) or pass --store / --project.")


def warn_if_store_missing(path: str | Path | None) -> None:
    warning = store_warning(path)
    if warning:
        print(warning, file=sys.stderr)
