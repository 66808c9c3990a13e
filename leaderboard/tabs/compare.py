"""The Compare tab: two runs on one household both ran, side by side. Busy store: as the Dialogs tab
(the request kept, the last content shown with the banner, a retry of its own). Callbacks are
module-level functions of the tab's components (`CompareUI`) and the board, as in the Dialogs tab."""
from __future__ import annotations

import html
from dataclasses import dataclass
from typing import Any, Mapping

import gradio as gr

from leaderboard import queries as Q
from leaderboard.board import Board, PageData
from leaderboard.paired import verdict as paired_verdict
from leaderboard.tabs.common import RETRY_EVERY_S, Context, Tab, bind, busy_note, url_js
from leaderboard.tabs.picks import default_runs

URL = url_js("a", "b", "dialog", fixed={"tab": "compare"})
NONE_ASKED = "This agent asked no question in this dialog: it predicted from the requirements alone."


@dataclass(frozen=True)
class CompareUI:
    """The tab's components (what its callbacks read and update)."""
    a: Any
    b: Any
    key: Any
    busy: Any
    summary: Any
    verdict: Any  # issue 22: the paired statistic
    chat_a: Any
    chat_b: Any
    pending: Any  # gr.State: the comparison waiting for the store
    retry: Any

    @property
    def outputs(self) -> list:
        return [self.a, self.b, self.key, self.summary, self.chat_a, self.chat_b, self.verdict, self.busy,
                self.pending, self.retry]


def layout() -> tuple[gr.Tab, CompareUI]:
    with gr.Tab("Compare", id="compare") as tab:
        with gr.Row():
            a = gr.Dropdown(choices=[], label="Run A", elem_id="bf-cmp-a")
            b = gr.Dropdown(choices=[], label="Run B", elem_id="bf-cmp-b")
            key = gr.Dropdown(choices=[], label="Household both ran", elem_id="bf-cmp-key")
        busy = gr.HTML("", elem_id="bf-cmp-busy", js_on_load=None)
        summary = gr.Markdown(elem_id="bf-cmp-summary")
        verdict = gr.Markdown(elem_id="bf-cmp-verdict")
        with gr.Row(equal_height=False):
            chat_a = gr.Chatbot(label="Run A", height=480, latex_delimiters=[], feedback_options=None, placeholder=NONE_ASKED)
            chat_b = gr.Chatbot(label="Run B", height=480, latex_delimiters=[], feedback_options=None, placeholder=NONE_ASKED)
        ui = CompareUI(a, b, key, busy, summary, verdict, chat_a, chat_b, gr.State(None),
                       gr.Timer(RETRY_EVERY_S, active=False))
    return tab, ui


def view(ui: CompareUI, board: Board, a: str, b: str, key: str | None = None) -> dict:
    """Two runs on one household both ran (the first shared one unless `key` names another), with
    the paired verdict; while the store is busy, the banner and the request kept for the retry."""
    try:
        labels = board.page().labels  # the runs by name (cached: no store read unless it changed)
        with board.source.reader() as r:
            keys = Q.shared_dialogs(r, a, b)
            paired_md = paired_verdict(r, a, b, labels)
        key = key if key in keys else (keys[0] if keys else None)
        summary, chat_a, chat_b = board.compare(a, b, key) if key else (
            "These runs share no household." if a and b else "Pick two runs.", [], [])
    except Q.StoreLockedError:
        return {ui.busy: busy_note(f"the comparison of {html.escape(a or '')} and {html.escape(b or '')}"),
                ui.pending: {"a": a, "b": b, "dialog": key}, ui.retry: gr.Timer(active=True)}
    return {ui.a: gr.Dropdown(value=a), ui.b: gr.Dropdown(value=b),
            ui.key: gr.Dropdown(choices=keys, value=key), ui.summary: summary, ui.chat_a: chat_a,
            ui.chat_b: chat_b, ui.verdict: paired_md, ui.busy: "", ui.pending: None, ui.retry: gr.Timer(active=False)}


def on_runs(ui: CompareUI, board: Board, a: str, b: str) -> dict:
    """Run A or B picked: their first shared household."""
    return view(ui, board, a, b)


def fill(ui: CompareUI, page: PageData, values: Mapping[str, Any]) -> dict:
    if page.cold:
        return {}
    choices = [(label, rid) for label, rid in page.runs]
    return {ui.a: gr.Dropdown(choices=choices), ui.b: gr.Dropdown(choices=choices)}


def link(ui: CompareUI, board: Board, page: PageData, q: Mapping[str, str]) -> dict:
    """A deep link (?tab=compare&a=...&b=...&dialog=...)."""
    a, b = q.get("a"), q.get("b")
    if not (a or b) and q.get("tab") == "compare":  # the tab linked with no runs: the board's two best runs
        return open_default(ui, board, page)
    if not (a and b):
        return {}
    key = q.get("dialog") if q.get("tab") == "compare" else None
    out = view(ui, board, a, b, key) if not page.busy else {
        ui.busy: busy_note("the comparison"), ui.pending: {"a": a, "b": b, "dialog": key},
        ui.retry: gr.Timer(active=True)}
    choices = [(label, rid) for label, rid in page.runs]
    known = {rid for _, rid in choices}
    choices += [(x, x) for x in (a, b) if x not in known]
    out[ui.a], out[ui.b] = gr.Dropdown(choices=choices, value=a), gr.Dropdown(choices=choices, value=b)
    return out


def open_default(ui: CompareUI, board: Board, page: PageData) -> dict:
    """The comparison the tab opens on when nothing is picked: the two best runs of the ranking the
    board opens on, on their first shared household."""
    if page.cold or page.busy:
        return {}
    picked = default_runs(page, 2)
    if len(picked) < 2:
        return {}
    choices = [(label, rid) for label, rid in page.runs]
    return view(ui, board, picked[0], picked[1]) | {ui.a: gr.Dropdown(choices=choices, value=picked[0]),
                                                     ui.b: gr.Dropdown(choices=choices, value=picked[1])}


def on_select(ui: CompareUI, board: Board, a: str | None, b: str | None) -> dict:
    """The tab selected: the default comparison, unless two runs are already picked."""
    out = {} if a and b else open_default(ui, board, board.page())
    return out or {ui.retry: gr.skip()}  # gradio reads an empty dict as one value, not as "no update"


def on_retry(ui: CompareUI, board: Board, request: dict | None) -> dict:
    if not request:
        return {ui.retry: gr.Timer(active=False)}
    return view(ui, board, request["a"], request["b"], request.get("dialog"))


def build(ctx: Context) -> Tab:
    board = ctx.board
    tab, ui = layout()
    url_inputs = [ui.a, ui.b, ui.key]
    for control in (ui.a, ui.b):
        control.input(bind(on_runs, ui, board), [ui.a, ui.b], ui.outputs).then(None, url_inputs, None, js=URL)
    ui.key.input(bind(view, ui, board), [ui.a, ui.b, ui.key], ui.outputs).then(None, url_inputs, None, js=URL)
    ui.retry.tick(bind(on_retry, ui, board), ui.pending, ui.outputs)
    tab.select(bind(on_select, ui, board), [ui.a, ui.b], ui.outputs).then(None, url_inputs, None, js=URL)
    return Tab("compare", "Compare", tab, outputs=[ui.a, ui.b], fill=bind(fill, ui), link=bind(link, ui, board),
               link_outputs=ui.outputs)
