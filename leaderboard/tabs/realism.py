"""The Realism tab (issue 32): one agent configuration under the cooperative simulated user and
under personas (`queries.realism`), the paired drop on the pairs every persona can reveal, and the
process figures the personas make meaningful. `dvc repro realism` fills it with the teacher."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Mapping

import gradio as gr
import pandas as pd

from leaderboard import queries as Q
from leaderboard.board import Board, PageData
from leaderboard.tabs.common import Context, Tab, bind, note

EXPLAIN = ("The same agent configuration under the cooperative simulated user (exact answers) and under personas "
           "(rough numbers, unknown program names, reluctance until told why, one question at a time, ...; "
           "docs/simulator.md, \"Personas\"). Drop: cooperative minus persona on the same households, 95% "
           "household-bootstrap interval; pairs a persona cannot reveal whatever is asked (another member's "
           "income it does not know) are left out of both and counted apart. Process: questions about income, "
           "savings or status asked after saying why; 'What is SNAP?' answered by the next question; questions "
           "asking one thing.")
EMPTY = "No agent configuration has runs under the cooperative user and a persona yet (`dvc repro realism`)."


@dataclass(frozen=True)
class RealismUI:
    table: Any
    status: Any


def realism_table(board: Board) -> pd.DataFrame | None:
    """The view's rows, read now; None while a writer holds the store (the last rows stay)."""
    try:
        with board.source.reader() as r:
            return Q.realism(r)
    except Q.StoreLockedError:
        return None


def fill(ui: RealismUI, board: Board, page: PageData, values: Mapping[str, Any]) -> dict:
    if page.cold:
        return {}
    df = realism_table(board)
    if df is None:
        return {}
    return {ui.table: df, ui.status: note(EXPLAIN if not df.empty else EMPTY + " " + EXPLAIN)}


def build(ctx: Context) -> Tab:
    with gr.Tab("Realism", id="realism") as tab:
        ui = RealismUI(gr.Dataframe(pd.DataFrame(columns=list(Q.REALISM_COLUMNS)), interactive=False,
                                    label="One agent configuration under the cooperative user and personas",
                                    elem_id="bf-realism"),
                       gr.HTML(note(EXPLAIN), elem_id="bf-realism-note"))
    return Tab("realism", "Realism", tab, outputs=[ui.table, ui.status], fill=bind(fill, ui, ctx.board))
