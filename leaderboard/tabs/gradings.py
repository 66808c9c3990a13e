"""The Regrades tab (issue 31 item 1; formerly "Ground truth", named now for what it shows): which
ground truth graded each run (a version of its edition's checkers and requirement texts, numbered
in words; the digests are in the ids panel), and the pairs a regrade changed (a sentence when none).
A run's view is linkable: ?tab=gradings&run=<run id>. Callbacks: module-level functions of
`GradingsUI` and the board."""
from __future__ import annotations

import html
from dataclasses import dataclass
from typing import Any, Mapping

import gradio as gr
import pandas as pd

from eligibench.results import GROUND_TRUTH_TAB, IDS_PANEL
from leaderboard import queries as Q
from leaderboard.board import Board, PageData
from leaderboard.queries import NOT_RECORDED
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
    changes_note: Any  # a sentence when the run's regrades changed nothing (never an empty table)
    ids: Any  # the ground truth digests and run ids, collapsed


PICK = "Pick a run above to see the pairs whose label a regrade changed."


def layout() -> tuple[gr.Tab, GradingsUI]:
    with gr.Tab(GROUND_TRUTH_TAB, id="gradings") as tab:
        gr.Markdown(note(INTRO))
        table = gr.Dataframe(interactive=False, label="Runs and the ground truth that graded them", elem_id="bf-gradings",
                             wrap=True)
        ids = gr.HTML("", elem_id="bf-gradings-ids")
        run = gr.Dropdown(choices=[], value=None, label="Run", info="its pairs whose label a regrade changed")
        changes_note = gr.HTML(note(PICK), elem_id="bf-grading-changes-note")
        changes = gr.Dataframe(Q.changed_pairs_empty(), interactive=False, label="Pairs a regrade changed",
                               elem_id="bf-grading-changes", visible=False)
    return tab, GradingsUI(table, run, changes, changes_note, ids)


def versions_in_words(df: pd.DataFrame) -> tuple[pd.DataFrame, str]:
    """The table a person reads (each ground truth digest as "version k", numbered in the order the
    runs were graded, the newest marked; no run id) and the ids panel holding the digests."""
    if df.empty:
        return df.drop(columns=["Run"], errors="ignore"), ""
    digests = [d for d in dict.fromkeys(list(df["Earlier ground truth"]) + list(df["Ground truth"]))
               if d and d != NOT_RECORDED]
    words = {d: f"version {k + 1}" + (" (newest)" if k == len(digests) - 1 and len(digests) > 1 else "")
             for k, d in enumerate(digests)}

    def say(v: Any) -> Any:
        text = str(v or "")
        for d, w in words.items():
            text = text.replace(d, w)
        return text

    out = df.drop(columns=["Run"]).copy()
    out["Ground truth"] = [say(v) for v in out["Ground truth"]]
    out["Earlier ground truth"] = [say(v) for v in out["Earlier ground truth"]]
    items = "".join(f"<li>{html.escape(w)}: <code>{html.escape(d)}</code></li>" for d, w in words.items())
    items += "".join(f"<li>{html.escape(str(n))}: run <code>{html.escape(str(r))}</code></li>"
                     for n, r in zip(df["Submission"], df["Run"]))
    return out, f'<details class="bf-ids"><summary>{html.escape(IDS_PANEL)}</summary><ul class="bf-note">{items}</ul></details>'


def runs_view(board: Board) -> tuple[pd.DataFrame, str]:
    with board.source.reader() as r:
        return versions_in_words(Q.grading_table(r))


def changes_view(board: Board, run_id: str | None) -> Any:
    if not run_id:
        return Q.changed_pairs_empty()
    with board.source.reader() as r:
        return Q.changed_pairs(r, run_id, board.program_names())


def changes_updates(ui: GradingsUI, df: pd.DataFrame, run_id: str | None) -> dict:
    """The changed pairs as a table, or a sentence when there is none (never an empty grid)."""
    if not run_id:
        return {ui.changes: gr.Dataframe(value=df, visible=False), ui.changes_note: note(PICK)}
    if df.empty:
        return {ui.changes: gr.Dataframe(value=df, visible=False),
                ui.changes_note: note("No regrade changed a label of this run's pairs: its scores stand as evaluated.")}
    return {ui.changes: gr.Dataframe(value=df, visible=True), ui.changes_note: ""}


def fill(ui: GradingsUI, board: Board, page: PageData, values: Mapping[str, Any]) -> dict:
    if page.cold or page.busy:
        return {}
    try:
        table, ids = runs_view(board)
        return {ui.table: table, ui.ids: ids,
                ui.run: gr.Dropdown(choices=[(label, rid) for label, rid in page.runs])}
    except Q.StoreLockedError:
        return {}


def on_run(ui: GradingsUI, board: Board, run_id: str | None) -> Any:
    try:
        return changes_updates(ui, changes_view(board, run_id), run_id)
    except Q.StoreLockedError:
        return {ui.changes: gr.skip()}  # the last view stays (an empty dict would read as one value)


def link(ui: GradingsUI, board: Board, page: PageData, q: Mapping[str, str]) -> dict:
    """A deep link (?tab=gradings&run=...): that run's changed pairs."""
    run_id = q.get("run") if q.get("tab") == "gradings" else None
    if not run_id or page.busy:
        return {}
    choices = [(label, rid) for label, rid in page.runs]
    if run_id not in {rid for _, rid in choices}:
        choices.append((run_id, run_id))
    try:
        return {ui.run: gr.Dropdown(choices=choices, value=run_id)} | changes_updates(
            ui, changes_view(board, run_id), run_id)
    except Q.StoreLockedError:
        return {}


def build(ctx: Context) -> Tab:
    tab, ui = layout()
    ui.run.input(bind(on_run, ui, ctx.board), [ui.run], [ui.changes, ui.changes_note]).then(None, [ui.run], None, js=URL)
    return Tab("gradings", GROUND_TRUTH_TAB, tab, outputs=[ui.table, ui.run, ui.ids], fill=bind(fill, ui, ctx.board),
               link=bind(link, ui, ctx.board), link_outputs=[ui.run, ui.changes, ui.changes_note])
