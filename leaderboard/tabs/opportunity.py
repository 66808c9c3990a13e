"""The Per opportunity tab: accuracy per opportunity of the best runs (a heatmap whose cells link to
the dialogs behind them)."""
from __future__ import annotations

from typing import Any, Mapping

import gradio as gr

from leaderboard import queries as Q
from leaderboard.board import PageData
from leaderboard.tabs.board import chosen_protocol
from leaderboard.tabs.common import Context, Tab, note

HEATMAP_DEFAULT_RUNS = 12


def build(ctx: Context) -> Tab:
    board = ctx.board
    with gr.Tab("Per opportunity", id="opportunity") as tab:
        heat_runs = gr.Dropdown(choices=[], value=[], multiselect=True, label="Runs",
                                info=f"default: the {HEATMAP_DEFAULT_RUNS} best runs of the chosen protocol")
        gr.Markdown(note(
            "Accuracy per opportunity over the user-opportunity pairs of each run (infrastructure errors "
            "left out; a missing prediction counts as wrong). Hover a cell for its pair count; click it "
            "for the dialogs behind it."))
        heat_plot = gr.HTML(js_on_load=None, elem_id="bf-heatmap")
        with gr.Accordion("Values", open=False):
            heat_table = gr.Dataframe(interactive=False, max_height=400)

    def fill(page: PageData, values: Mapping[str, Any]) -> dict:
        ranked = Q.ranking(page.table, chosen_protocol(page, values))
        best = [x for x in ranked.dropna(subset=[Q.TW_F1])["Run"].tolist() if x][:HEATMAP_DEFAULT_RUNS]
        out = {heat_runs: gr.Dropdown(choices=[(label, rid) for label, rid in page.runs], value=best)}
        if page.busy:  # keep the last heatmap; the page's retry fills it
            return out
        try:
            out[heat_plot], out[heat_table] = board.heatmap(best, page.labels)
        except Q.StoreLockedError:
            pass
        return out

    def on_heat(run_ids, labels):
        try:
            return board.heatmap(list(run_ids or []), labels or {})
        except Q.StoreLockedError:
            return gr.skip(), gr.skip()

    heat_runs.input(on_heat, [heat_runs, ctx.run_labels], [heat_plot, heat_table])
    return Tab("opportunity", "Per opportunity", tab, outputs=[heat_runs, heat_plot, heat_table], fill=fill)
