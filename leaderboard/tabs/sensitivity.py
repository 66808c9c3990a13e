"""The Sensitivity tab (issue 31 item 4): an agent configuration's scores under each simulated user
it was run with and their spread (`queries.sensitivity`). `benyfits evaluate --simulator SPEC`
makes such a run in one flag."""
from __future__ import annotations

from leaderboard import queries as Q
from leaderboard.tabs import table_view
from leaderboard.tabs.common import Context, Tab

EXPLAIN = ("One agent configuration (same submission, run configuration, models and code) under each simulated "
           "user it was run with: its newest finished run per simulator. The spread is the largest minus the "
           f"smallest {Q.TW_F1} across those simulators, in points: how far the headline moves when only the "
           "simulated user changes. Run ids and the simulators' weight digests are left out of this view (hashes); "
           "the run's export and its protocol record hold them. "
           "`benyfits evaluate PATH --simulator BACKEND:MODEL` adds a run under another simulator.")
EMPTY = "No agent configuration has runs under two or more simulators yet."

VIEW = table_view.TableView("sensitivity", "Sensitivity", Q.sensitivity, tuple(Q.SENSITIVITY_COLUMNS),
                             "One agent configuration under several simulators", EXPLAIN, EMPTY,
                             hidden=("Run", "Weights"))


def build(ctx: Context) -> Tab:
    return table_view.build(VIEW, ctx)
