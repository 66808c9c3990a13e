"""Editions on the board (issue 21 item 5; docs/editions.md): which editions the store's runs
follow, the protocols of one edition (a ranking never mixes editions: their protocol ids differ),
and a configuration's score on each edition side by side.

Side by side pairs runs of the same configuration whose protocols are equal once the edition and
the data (each edition has its own datasets, so its own data versions and household totals) are
set aside: the same simulator, split, trials, question cap and households used. Runs of one
configuration under different settings are never put side by side, so the columns differ only in
the rules."""
from __future__ import annotations

import json
from typing import Mapping

import pandas as pd

from eligibench.results import DEFAULT_EDITION, NO_PROTOCOL, V1_PROTOCOL, StoredProtocol
from leaderboard.queries.labels import AVG_F1, AVG_TURNS, TW_F1
from leaderboard.queries.sealed_rule import is_public_only
from leaderboard.queries.table import EVALUATED

__all__ = ["CROSS_METRICS", "DEFAULT_EDITION", "across_editions", "edition_of", "editions", "protocols_of"]

CROSS_METRICS = (TW_F1, AVG_F1, AVG_TURNS)  # the board's headline columns, one per edition


def editions(protos: Mapping[str, StoredProtocol]) -> list[str]:
    """The editions the store's runs follow, 2024 (the default) first and always listed."""
    found = {p.edition for p in protos.values() if p.id not in (NO_PROTOCOL, V1_PROTOCOL)}
    return [DEFAULT_EDITION] + sorted(found - {DEFAULT_EDITION})


def edition_of(protos: Mapping[str, StoredProtocol], protocol_id: str | None) -> str | None:
    p = protos.get(protocol_id or "")
    return p.edition if p is not None else None


def protocols_of(protos: Mapping[str, StoredProtocol], edition: str) -> dict[str, StoredProtocol]:
    """The protocols ranked under `edition` (runs without a recorded protocol count as 2024's)."""
    return {k: p for k, p in protos.items() if p.edition == edition}


def _settings(p: StoredProtocol) -> str:
    """The protocol without its edition and data: what must match for two runs to sit side by side."""
    s = {k: v for k, v in (p.spec or {}).items() if k not in ("edition", "kind")}
    s["datasets"] = {n: (d or {}).get("households_used") for n, d in sorted((s.get("datasets") or {}).items())}
    return json.dumps(s, sort_keys=True, default=str)


def across_editions(table: pd.DataFrame, protos: Mapping[str, StoredProtocol]) -> pd.DataFrame:
    """One row per configuration (and settings) evaluated on two or more editions: its latest
    finished run's headline scores on each edition, side by side (columns "TW-F1 · 2024", ...)."""
    eds = editions(protos)
    cols = ["Submission", *(f"{m} · {e}" for m in CROSS_METRICS for e in eds), "Runs"]
    # finished runs, ranked or not: a side-by-side is no ranking (a later edition's public runs are unranked)
    done = table[(table["Source"] == EVALUATED) & ((table["Status"] == "done") | table["Status"].map(is_public_only))]
    groups: dict[tuple[str, str], dict[str, dict]] = {}
    for row in done.sort_values("Date").to_dict("records"):
        p = protos.get(row["Protocol"])
        if p is None or p.id in (NO_PROTOCOL, V1_PROTOCOL):
            continue
        groups.setdefault((row["Submission"], _settings(p)), {})[p.edition] = row  # the latest run wins
    out = []
    for (name, _), by_edition in sorted(groups.items(), key=lambda kv: kv[0][0]):
        if len(by_edition) < 2:
            continue
        r = {"Submission": name}
        for m in CROSS_METRICS:
            for e in eds:
                r[f"{m} · {e}"] = by_edition[e][m] if e in by_edition else None
        r["Runs"] = ", ".join(f"{e}: {by_edition[e]['Run']}" for e in eds if e in by_edition)
        out.append(r)
    return pd.DataFrame(out, columns=cols)
