"""What the Dialogs and Compare tabs open on when the link names no run: the best runs of the
ranking the board opens on (runs that asked questions first, so the transcript shows a dialog, not
an empty chat), then every other run, newest first."""
from __future__ import annotations

import pandas as pd

from leaderboard import queries as Q
from leaderboard.board import PageData


def default_runs(page: PageData, n: int = 2) -> list[str]:
    """Up to `n` run ids to open by default ([] when the store has none)."""
    from leaderboard.tabs.board import chosen_protocol  # the board's own default (sealed, else full, ...)

    ranked = Q.ranking(page.table, chosen_protocol(page, {})) if not page.table.empty else pd.DataFrame()
    order: list[str] = []
    if not ranked.empty:
        turns = pd.to_numeric(ranked[Q.AVG_TURNS], errors="coerce").fillna(0)
        order += list(ranked[turns > 0]["Run"]) + list(ranked[turns <= 0]["Run"])
    order += [rid for _, rid in page.runs]
    return [r for r in dict.fromkeys(x for x in order if isinstance(x, str) and x)][:n]
