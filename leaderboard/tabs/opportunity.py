"""The Per opportunity tab: accuracy per opportunity of the best runs (a heatmap whose cells link to
the dialogs behind them). Callbacks: module-level functions of `OpportunityUI` and the board."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Mapping

import gradio as gr

from leaderboard import queries as Q
from leaderboard.board import Board, PageData
from leaderboard.tabs.board import chosen_protocol
from leaderboard.tabs.common import Context, Tab, bind, note

HEATMAP_DEFAULT_RUNS = 12


@dataclass(frozen=True)
class OpportunityUI:
    runs: Any
    plot: Any
    table: Any


def layout() -> tuple[gr.Tab, OpportunityUI]:
    with gr.Tab("Per opportunity", id="opportunity") as tab:
        runs = gr.Dropdown(choices=[], value=[], multiselect=True, label="Runs",
                           info=f"default: the {HEATMAP_DEFAULT_RUNS} best runs of the chosen protocol")
        gr.Markdown(note(
            "Accuracy per opportunity over the user-opportunity pairs of each run (infrastructure errors "
            "left out; a missing prediction counts as wrong). Hover a cell for its pair count; click it "
            "for the dialogs behind it."))
        plot = gr.HTML(js_on_load=None, elem_id="bf-heatmap")
        with gr.Accordion("Values", open=False):
            table = gr.Dataframe(interactive=False, max_height=400)
    return tab, OpportunityUI(runs, plot, table)


def fill(ui: OpportunityUI, board: Board, page: PageData, values: Mapping[str, Any]) -> dict:
    """The chosen protocol's best runs preselected and their heatmap (kept while the store is busy)."""
    ranked = Q.ranking(page.table, chosen_protocol(page, values))
    best = [x for x in ranked.dropna(subset=[Q.TW_F1])["Run"].tolist() if x][:HEATMAP_DEFAULT_RUNS]
    out = {ui.runs: gr.Dropdown(choices=[(label, rid) for label, rid in page.runs], value=best)}
    if page.busy:  # keep the last heatmap; the page's retry fills it
        return out
    try:
        out[ui.plot], out[ui.table] = board.heatmap(best, page.labels)
    except Q.StoreLockedError:
        pass
    return out


def on_heat(board: Board, run_ids: list[str] | None, labels: dict | None) -> tuple:
    """Runs picked: their heatmap (the last one kept while the store is busy)."""
    try:
        return board.heatmap(list(run_ids or []), labels or {})
    except Q.StoreLockedError:
        return gr.skip(), gr.skip()


def build(ctx: Context) -> Tab:
    tab, ui = layout()
    ui.runs.input(bind(on_heat, ctx.board), [ui.runs, ctx.run_labels], [ui.plot, ui.table])
    return Tab("opportunity", "Per opportunity", tab, outputs=[ui.runs, ui.plot, ui.table],
               fill=bind(fill, ui, ctx.board))
