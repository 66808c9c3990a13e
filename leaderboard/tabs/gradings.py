"""The Ground truth tab (issue 31 item 1): which ground truth graded each run (the digest of its
edition's checkers and requirement texts, `benyfits regrade`), and the pairs a regrade changed.
A run's view is linkable: ?tab=gradings&run=<run id>. Callbacks: module-level functions of
`GradingsUI` and the board."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Mapping

import gradio as gr

from leaderboard import queries as Q
from leaderboard.board import Board, PageData
from leaderboard.tabs.common import Context, Tab, bind, note, url_js

URL = url_js("run", fixed={"tab": "gradings"})
INTRO = ("Each run is graded by the ground truth of its edition: the checkers and requirement texts, named by "
         "their digest (docs/evaluation.md, \"Ground truth version and regrading\"). When a checker is fixed, "
         "<code>benyfits regrade --all</code> (or the <code>regrade</code> stage) re-scores the stored dialogs "
         "with no model calls; every grading is kept and the board shows the newest. Pick a run to see the "
         "pairs whose label changed.")


@dataclass(frozen=True)
class GradingsUI:
    table: Any
    run: Any
    changes: Any


def layout() -> tuple[gr.Tab, GradingsUI]:
    with gr.Tab("Ground truth", id="gradings") as tab:
        gr.Markdown(note(INTRO))
        table = gr.Dataframe(interactive=False, label="Runs and the ground truth that graded them", elem_id="bf-gradings")
        run = gr.Dropdown(choices=[], value=None, label="Run", info="its pairs whose label a regrade changed")
        changes = gr.Dataframe(interactive=False, label="Pairs a regrade changed", elem_id="bf-grading-changes")
    return tab, GradingsUI(table, run, changes)


def runs_view(board: Board) -> Any:
    with board.source.reader() as r:
        return Q.grading_table(r)


def changes_view(board: Board, run_id: str | None) -> Any:
    if not run_id:
        return Q.changed_pairs_empty()
    with board.source.reader() as r:
        return Q.changed_pairs(r, run_id, board.program_names())


def fill(ui: GradingsUI, board: Board, page: PageData, values: Mapping[str, Any]) -> dict:
    if page.cold or page.busy:
        return {}
    try:
        return {ui.table: runs_view(board), ui.run: gr.Dropdown(choices=[(label, rid) for label, rid in page.runs])}
    except Q.StoreLockedError:
        return {}


def on_run(board: Board, run_id: str | None) -> Any:
    try:
        return changes_view(board, run_id)
    except Q.StoreLockedError:
        return gr.skip()


def link(ui: GradingsUI, board: Board, page: PageData, q: Mapping[str, str]) -> dict:
    """A deep link (?tab=gradings&run=...): that run's changed pairs."""
    run_id = q.get("run") if q.get("tab") == "gradings" else None
    if not run_id or page.busy:
        return {}
    choices = [(label, rid) for label, rid in page.runs]
    if run_id not in {rid for _, rid in choices}:
        choices.append((run_id, run_id))
    try:
        return {ui.run: gr.Dropdown(choices=choices, value=run_id), ui.changes: changes_view(board, run_id)}
    except Q.StoreLockedError:
        return {}


def build(ctx: Context) -> Tab:
    tab, ui = layout()
    ui.run.input(bind(on_run, ctx.board), [ui.run], [ui.changes]).then(None, [ui.run], None, js=URL)
    return Tab("gradings", "Ground truth", tab, outputs=[ui.table, ui.run], fill=bind(fill, ui, ctx.board),
               link=bind(link, ui, ctx.board), link_outputs=[ui.run, ui.changes])
