"""The Realism tab (issue 32): one agent configuration under the cooperative simulated user and
under personas (`queries.realism`), the paired drop on the pairs every persona can reveal, and the
process figures the personas make meaningful. `dvc repro realism` fills it with the teacher."""
from __future__ import annotations

from leaderboard import queries as Q
from leaderboard.tabs import table_view
from leaderboard.tabs.common import Context, Tab

EXPLAIN = ("The same agent configuration under the cooperative simulated user (exact answers) and under personas "
           "(rough numbers, unknown program names, reluctance until told why, one question at a time, ...; "
           "docs/simulator.md, \"Personas\"). Drop: cooperative minus persona on the same households, 95% "
           "household-bootstrap interval; pairs a persona cannot reveal whatever is asked (another member's "
           "income it does not know) are left out of both and counted apart; 'determinable pairs %' is the share of "
           "the task each persona leaves measurable (a drop on half the pairs is not a drop on all of them). Process: "
           "questions about income, "
           "savings or status asked after saying why; 'What is SNAP?' answered by the next question; questions "
           "asking one thing.")
EMPTY = "No agent configuration has runs under the cooperative user and a persona yet (`dvc repro realism`)."

VIEW = table_view.TableView("realism", "Realism", Q.realism, tuple(Q.REALISM_COLUMNS),
                             "One agent configuration under the cooperative user and personas", EXPLAIN, EMPTY,
                             hidden=("run",))


def build(ctx: Context) -> Tab:
    return table_view.build(VIEW, ctx)
