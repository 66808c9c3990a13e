"""The F1 vs turns tab: the chosen protocol's runs and v1's reported figures as points with error bars."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Mapping

import gradio as gr

from eligibench.evaluation.scoring import PriceTable
from eligibench.results import V1_POINTS
from leaderboard import queries as Q
from leaderboard import render as R
from leaderboard.board import Board, PageData
from leaderboard.cost import cost_view, prices_for
from leaderboard.tabs.board import chosen_protocol
from leaderboard.tabs.common import Context, Tab, bind, note


@dataclass(frozen=True)
class ScatterUI:
    scatter: Any
    cost: Any  # issue 22: the F1 against dollars per dialog


def layout() -> tuple[gr.Tab, ScatterUI]:
    with gr.Tab("F1 vs turns", id="scatter") as tab:
        scatter = gr.HTML("", elem_id="bf-scatter", js_on_load=None)
        gr.Markdown(note("Up and to the left is better: higher F1 with fewer questions. Shows the protocol "
                         "chosen on the Leaderboard tab; the axes fit its runs. v1's reported figures (about 20 to 70 "
                         "questions) are behind the checkbox above the plot. Hover a point for its figures."))
        cost = gr.HTML("", elem_id="bf-cost", js_on_load=None)
    return tab, ScatterUI(scatter, cost)


def fill(ui: ScatterUI, board: Board, prices: PriceTable, page: PageData, values: Mapping[str, Any]) -> dict:
    """The chosen protocol's runs and v1's figures as points; the cost panel when the store is readable."""
    ranked = Q.ranking(page.table, chosen_protocol(page, values))
    ours = Q.scatter_frame(ranked)
    reported = Q.scatter_frame(page.table[page.table["Source"] == Q.REPORTED])
    out = {ui.scatter: R.scatter_html(ours, reported, V1_POINTS)}
    if not page.cold and not page.busy:
        try:
            out[ui.cost] = cost_view(board.source, prices, chosen_protocol(page, values))
        except Q.StoreLockedError:
            pass  # the last cost panel stays; the board's banner says the store is busy
    return out


def build(ctx: Context) -> Tab:
    tab, ui = layout()
    prices = prices_for(ctx.board.config.dataset_dir.parent / "params.yaml")
    return Tab("scatter", "F1 vs turns", tab, outputs=[ui.scatter, ui.cost], fill=bind(fill, ui, ctx.board, prices))
