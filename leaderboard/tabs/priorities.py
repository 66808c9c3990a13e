"""The Priorities tab: the priorities track's figures per run (`queries.priorities`), each with its
interval and rank range among the runs of the same protocol. `dvc repro priorities` fills it with
the teacher and the priority-aware teacher."""
from __future__ import annotations

from eligibench.results import metric
from leaderboard import queries as Q
from leaderboard.tabs import table_view
from leaderboard.tabs.common import Context, Tab

EXPLAIN = ("Runs under a patience: the household answers that many questions, then leaves, and values its programs "
           "unequally (seeded weights from its needs; docs/priorities.md). "
           f"{metric('priority_weighted_f1').label}: F1 with each program counted at its weight. "
           f"{metric('recommendation_match').label.rstrip(' %')}: the agent's one program to apply to first against "
           "the highest-weight program the household is eligible for ('none' when none); blank for an agent that "
           "makes no recommendation. "
           f"{metric('give_up_match').label.rstrip(' %')}: of the programs the agent predicted before every fact their rule "
           "needs was told, the share that are among the household's least important (dialogs that gave up nothing "
           "or everything left out). 95% household-bootstrap intervals; rank ranges among the runs of the same "
           "protocol, one bootstrap draw for every run.")
EMPTY = "No run under a patience yet (`dvc repro priorities`)."

VIEW = table_view.TableView("priorities", "Priorities", Q.priorities, tuple(Q.PRIORITIES_COLUMNS),
                            "Priorities: what the household values most", EXPLAIN, EMPTY, hidden=("run",))


def build(ctx: Context) -> Tab:
    return table_view.build(VIEW, ctx)
