"""Runs on the public split of an edition that has no sealed split are never ranked (issue 36 item 7).

The public split's labels are published, so an agent can ship them: a lookup agent keyed on the
published 2026-08 labels scored 100 with 0 questions and was ranked. For an edition with a sealed
split the official ranking is the sealed split's protocol (docs/integrity.md: households built
from a secret seed; public and sealed runs have different protocol ids and are never ranked
together), and its public runs are ranked under their own public protocol, as development runs.
Which editions have one is `eligibench.datasets.sealed.SEALED_EDITIONS` (2024 and 2026-08), the
one list the evaluator also reads (`evaluation.run.resolve.published_rows` refuses `--split sealed`
for any other). A finished public-split run of any other edition is listed with a Status saying
why it is not ranked, and `ranking()` (which ranks "done" runs only) leaves it out: the rule holds
for every later edition until its sealed split is built (`sealed.build_edition`) and listed there.
"""
from __future__ import annotations

from typing import Any

import pandas as pd

from eligibench.datasets import sealed
from eligibench.results import parse_protocol
from leaderboard.queries.labels import TW_F1

SEALED_EDITIONS = frozenset(sealed.SEALED_EDITIONS)  # read from the one place that builds them
PUBLIC_ONLY = "not ranked: public split of the {edition} edition, whose labels are published (it has no sealed split)"


def public_split_status(status: str, protocol_id: Any, protocol: Any,
                        sealed_editions: frozenset[str] = SEALED_EDITIONS) -> str:
    """`status` of a finished run, or why it is not ranked when it ran on the published labels of
    an edition without a sealed split (`sealed_editions`: the ones with one)."""
    if status != "done":
        return status
    p = parse_protocol(protocol_id, protocol)
    if (p.spec or {}).get("split", "public") == "public" and p.edition not in sealed_editions:
        return PUBLIC_ONLY.format(edition=p.edition)
    return status


def is_public_only(status: Any) -> bool:
    """A Status `public_split_status` wrote: a finished run, listed but not ranked."""
    return str(status).startswith(PUBLIC_ONLY.split("{")[0])


def unranked_public(table: pd.DataFrame, protocol: str | None) -> pd.DataFrame:
    """The finished public-split runs of one protocol of an edition without a sealed split: listed
    below the ranking (best TW-F1 first), Rank "not ranked"."""
    out = table[table["Status"].map(is_public_only)]
    if protocol is not None:
        out = out[out["Protocol"] == protocol]
    out = out.copy()
    out["Rank"] = "not ranked"
    return out.sort_values(TW_F1, ascending=False, kind="stable").reset_index(drop=True)
