"""Rank ranges and the detectable difference per protocol (issue 31): the board's "Rank range"
column and the sentence under each protocol's banner, from `scoring.rank_ranges` over the finished
runs of each protocol (the entries `table.ranking` ranks: status done, a TW-F1).

Cost: each protocol's runs are read (`scoring.run_results`) and bootstrapped once per page read
(the page is cached until the store changes); 1000 replicates, as `benyfits compare`, so the two
agree. Measured: 3 runs x 80 households, 0.08 s of bootstrap.
"""
from __future__ import annotations

import html

import pandas as pd

from eligibench.evaluation.scoring import RankTable, rank_ranges
from eligibench.results import Reader
from leaderboard.queries.common import is_missing
from leaderboard.queries.labels import TW_F1
from leaderboard.queries.scoring import run_results

RANK_RANGE = "Rank range"
N_BOOT = 1000  # `benyfits compare`'s default: the board and the CLI give the same ranges

__all__ = ["RANK_RANGE", "detectable_html", "protocol_entries", "protocol_rank_tables", "with_rank_ranges"]


def protocol_rank_tables(r: Reader, table: pd.DataFrame) -> dict[str, RankTable]:
    """protocol id -> its RankTable, for every protocol with a finished run (runs that share no
    household with the others leave that protocol out: no paired ranking exists)."""
    if table.empty:
        return {}
    done = table[(table["Status"] == "done") & table[TW_F1].map(lambda v: not is_missing(v))]
    out: dict[str, RankTable] = {}
    for protocol, runs in done.groupby("Protocol", sort=True):
        results = {rid: run_results(r, rid) for rid in runs["Run"]}
        try:
            out[str(protocol)] = rank_ranges(results, n_boot=N_BOOT)
        except ValueError:
            continue
    return out


def with_rank_ranges(r: Reader, table: pd.DataFrame) -> tuple[pd.DataFrame, dict[str, RankTable]]:
    """The table with its Rank range column filled ("2-4"; "" for a run not ranked) and the tables."""
    tables = protocol_rank_tables(r, table)
    text = {x.key: x.text for t in tables.values() for x in t.ranges}
    out = table.copy()
    out[RANK_RANGE] = out["Run"].map(lambda rid: text.get(rid, "") if isinstance(rid, str) else "")
    return out, tables


def detectable_html(t: RankTable | None, labels: dict[str, str] | None = None) -> str:
    """One paragraph under the protocol banner: the detectable difference, what the ranges mean, and
    the groups of statistically tied runs (`labels`: run id -> name shown; else the run id)."""
    if t is None:
        return ""
    d, labels = t.detectable, labels or {}
    groups: dict[int, list[str]] = {}
    for x in t.ranges:
        groups.setdefault(x.group, []).append(html.escape(labels.get(x.key, x.key)))
    listed = "; ".join(f"group {g}: {', '.join(names)}" for g, names in sorted(groups.items()))
    return (f'<div class="bf-detectable" id="bf-detectable"><b>What this protocol can tell apart</b>: '
            f'{html.escape(d.sentence())} <b>Rank range</b>: the ranks a run takes in {t.level:.0%} of '
            f'{t.n_boot} paired household resamples (the same households for every run). '
            f'<span id="bf-tied-groups"><b>Statistically tied</b> (each group against its best run): '
            f'{listed}.</span></div>')


def protocol_entries(r: Reader, protocol: str | None, *always: str) -> dict[str, list]:
    """run id -> its dialogs: the runs the board ranks under `protocol` (status done, no agent error),
    plus `always` (the two runs a comparison names), as `benyfits compare` picks them."""
    from leaderboard.queries.agent_errors import agent_error_counts

    ids: list[str] = []
    if protocol is not None and not r.empty and r.has("runs") and "protocol_id" in r.columns("runs"):
        errors = agent_error_counts(r)
        ids = [rid for rid in r.df("SELECT run_id FROM runs WHERE protocol_id = ? AND status = 'done' ORDER BY run_id",
                                   [protocol])["run_id"] if not errors.get(rid, (0, 0))[0]]
    return {rid: run_results(r, rid) for rid in dict.fromkeys([*ids, *always])}
