"""The leaderboard's tabs, one module each, each with one `build(ctx)` that creates its components
inside the open `gr.Tabs` and returns a `Tab` (`tabs.common`): its id and label, the components
a page refresh fills (`outputs`) and how (`fill(page)`), how a deep link fills it (`link(page,
query)`), and (optionally) a retry of its own while the store is busy. The callbacks are
module-level functions of a frozen holder of the tab's components (and the board), bound with
`common.bind`, so tests call them without a browser. `leaderboard.app` only assembles them; a new tab is a new module here plus one line in `app.TAB_BUILDERS`.

Modules:
- `common`: `Tab`, `Context` (what tabs share), `bind`, the busy banner, URL helpers.
- `table_view`: a read-only tab of one query's table and its note (used by `sensitivity`, `realism` and `priorities`).
- `board`: the ranking of one protocol, v1's reported rows, filters, columns, export.
- `scatter`: F1 against turns.
- `opportunity`: the per-opportunity heatmap.
- `dialogs`: a run's dialogs: transcript, profile, the reasons behind every verdict.
- `compare`: two runs on one household side by side.
- `gradings`: which ground truth graded each run, and the pairs a regrade changed.
- `simulator`: the simulated users' figures and faithfulness audits.
- `sensitivity`: one agent configuration under several simulators, and the spread of its scores.
- `realism`: one agent configuration under the cooperative user and personas, the paired drop (issue 32).
- `priorities`: the priorities track: weighted F1, recommendation and give-up match, intervals and rank ranges.
- `submit`: upload and the evaluation queue.
- `play`: the Play tab (a person plays the agent or the household; issue 20).
"""
# Each tab module is exported as a namespace: every one has the same `build(ctx)`.
from leaderboard.tabs import (
    board,
    compare,
    dialogs,
    gradings,
    opportunity,
    play,
    priorities,
    realism,
    scatter,
    sensitivity,
    simulator,
    submit,
)
from leaderboard.tabs.board import BOARD_INPUTS
from leaderboard.tabs.common import BUSY_BANNER, RETRY_EVERY_S, Context, Tab, bind

__all__ = [
    "BOARD_INPUTS",
    "BUSY_BANNER",
    "Context",
    "RETRY_EVERY_S",
    "Tab",
    "bind",
    "board",
    "compare",
    "dialogs",
    "gradings",
    "opportunity",
    "play",
    "scatter",
    "priorities",
    "realism",
    "sensitivity",
    "simulator",
    "submit",
]
