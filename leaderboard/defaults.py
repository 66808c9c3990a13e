"""The board's first view and the warning for a missing store (issue 26).

- `default_protocol(protos, latest)`: the sealed split's protocol when one has runs; else the full
  protocol (most runs) when one exists; else the
  protocol with the most runs (issue 36: the newest run's protocol made a one-run development
  protocol the default; development runs go to their own store, results/local.duckdb, so the
  board's runs are submitted ones); people's protocols (kind "human") never, they are listed apart
  (`human_protocols`).
- the newest run's protocol is read by `queries.latest_protocol`.
- `store_warning(path)` / `warn_if_store_missing(path)`: what to tell someone who started the board
  where there is no store (it would show 0 runs).
"""
from __future__ import annotations

import sys
from pathlib import Path
from typing import Any, Mapping

HUMAN_KIND = "human"  # eligibench.evaluation.play.HUMAN: the protocol kind of people's runs


def default_protocol(protos: Mapping[str, Any], latest: str | None = None) -> str | None:
    """The ranking shown first: what can be trusted. The sealed split's protocol when one has runs
    (its households are never handed out, so no agent can ship their labels: a lookup agent scored
    100 on the public split of 2026-08 and opened the board at #1 when the public protocol, with
    more runs, was the default); else the full protocol with the most runs; else the protocol with
    the most runs (the board's banner then says what it shows); never a protocol of people's runs
    (`play`: kind "human", listed apart). `latest` breaks a tie in runs only (issue 36: following
    the newest run made one development run the default view)."""
    ranked = [p for p in protos.values() if p.kind != HUMAN_KIND]
    sealed = sorted((p for p in ranked if (p.spec or {}).get("split") == "sealed"),
                    key=lambda p: (p.kind != "full", -p.runs, p.id))
    if sealed:
        return sealed[0].id
    full = sorted((p for p in ranked if p.kind == "full"), key=lambda p: (-p.runs, p.id))
    if full:
        return full[0].id
    rest = sorted(ranked, key=lambda p: (-p.runs, p.id != latest, p.id))
    return rest[0].id if rest else None


def default_edition(protos: Mapping[str, Any], default: str = "2024") -> str:
    """The edition the board opens on: `default` (2024) when it has runs; else the newest edition
    with a sealed protocol; else the newest edition with runs (a store of later-edition runs only
    never opens on an empty 2024 ranking)."""
    eds = {p.edition for p in protos.values() if p.kind != HUMAN_KIND and getattr(p, "edition", None)}
    if default in eds or not eds:
        return default
    sealed = {p.edition for p in protos.values() if (p.spec or {}).get("split") == "sealed"} & eds
    return max(sealed or eds)


def human_protocols(protos: Mapping[str, Any]) -> list[Any]:
    """The protocols of people's runs (`benyfits play`), listed apart from the ranking's."""
    return sorted((p for p in protos.values() if p.kind == HUMAN_KIND), key=lambda p: (-p.runs, p.id))


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
