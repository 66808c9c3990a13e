"""The F1 vs turns tab: the chosen protocol's runs and v1's reported figures as points with error bars."""
from __future__ import annotations

from typing import Any, Mapping

import gradio as gr
import pandas as pd

from leaderboard import queries as Q
from leaderboard import render as R
from leaderboard.board import PageData
from leaderboard.cost import cost_view, prices_for
from leaderboard.tabs.board import chosen_protocol
from leaderboard.tabs.common import Context, Tab, note


def build(ctx: Context) -> Tab:
    with gr.Tab("F1 vs turns", id="scatter") as tab:
        scatter = gr.HTML("", elem_id="bf-scatter", js_on_load=None)
        gr.Markdown(note("Up and to the left is better: higher F1 with fewer questions. Shows the protocol "
                         "chosen on the Leaderboard tab, plus v1's reported figures. Hover a point."))
        cost = gr.HTML("", elem_id="bf-cost", js_on_load=None)  # issue 22: TW-F1 against dollars per dialog
    prices = prices_for(ctx.board.config.dataset_dir.parent / "params.yaml")

    def fill(page: PageData, values: Mapping[str, Any]) -> dict:
        ranked = Q.ranking(page.table, chosen_protocol(page, values))
        points = Q.scatter_frame(pd.concat([ranked, page.table[page.table["Source"] == Q.REPORTED]],
                                           ignore_index=True))
        out = {scatter: R.scatter_svg(points)}
        if not page.cold and not page.busy:
            try:
                out[cost] = cost_view(ctx.board.source, prices)
            except Q.StoreLockedError:
                pass  # the last cost panel stays; the board's banner says the store is busy
        return out

    return Tab("scatter", "F1 vs turns", tab, outputs=[scatter, cost], fill=fill)
