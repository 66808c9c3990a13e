"""The Sensitivity tab (issue 31 item 4): an agent configuration's scores under each simulated user
it was run with and their spread (`queries.sensitivity`). `benyfits evaluate --simulator SPEC`
makes such a run in one flag."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Mapping

import gradio as gr
import pandas as pd

from leaderboard import queries as Q
from leaderboard.board import Board, PageData
from leaderboard.tabs.common import Context, Tab, bind, note

EXPLAIN = ("One agent configuration (same submission, run configuration, models and code) under each simulated "
           "user it was run with: its newest finished run per simulator. The spread is the largest minus the "
           f"smallest {Q.TW_F1} across those simulators, in points: how far the headline moves when only the "
           "simulated user changes. Weights: the simulator's file digest or Hub revision recorded in the run's protocol. "
           "`benyfits evaluate PATH --simulator BACKEND:MODEL` adds a run under another simulator.")
EMPTY = "No agent configuration has runs under two or more simulators yet."


@dataclass(frozen=True)
class SensitivityUI:
    table: Any
    status: Any


def sensitivity_table(board: Board) -> pd.DataFrame | None:
    """The view's rows, read now; None while a writer holds the store (the last rows stay)."""
    try:
        with board.source.reader() as r:
            return Q.sensitivity(r)
    except Q.StoreLockedError:
        return None


def fill(ui: SensitivityUI, board: Board, page: PageData, values: Mapping[str, Any]) -> dict:
    if page.cold:
        return {}
    df = sensitivity_table(board)
    if df is None:
        return {}
    return {ui.table: df, ui.status: note(EXPLAIN if not df.empty else EMPTY + " " + EXPLAIN)}


def build(ctx: Context) -> Tab:
    with gr.Tab("Sensitivity", id="sensitivity") as tab:
        ui = SensitivityUI(gr.Dataframe(pd.DataFrame(columns=list(Q.SENSITIVITY_COLUMNS)), interactive=False,
                                        label="One agent configuration under several simulators",
                                        elem_id="bf-sensitivity"),
                           gr.HTML(note(EXPLAIN), elem_id="bf-sensitivity-note"))
    return Tab("sensitivity", "Sensitivity", tab, outputs=[ui.table, ui.status],
               fill=bind(fill, ui, ctx.board))
