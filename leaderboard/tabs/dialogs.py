"""The Dialogs tab: a run's dialogs (filters), one transcript with the household's profile and the
reasons behind every verdict, and the run's export.

While a writer holds the store a request is kept (`pending`), the tab keeps what it showed, says
which run it is waiting for, and its own timer retries the request until it fills (a deep link
opened during a write included).

Every callback is a module-level function whose first arguments are the tab's components
(`DialogsUI`) and the board; `build` lays the components out and binds them (tests call the
callbacks directly on a real store)."""
from __future__ import annotations

import html
from dataclasses import dataclass
from typing import Any, Mapping

import gradio as gr
import pandas as pd

from leaderboard import queries as Q
from leaderboard.board import Board, PageData
from leaderboard.downloads import links_html
from leaderboard.tabs.common import RETRY_EVERY_S, Context, Tab, bind, busy_note, note, url_js
from leaderboard.tabs.picks import default_runs

EMPTY_FACETS = {"opportunity": [], "termination": [], "cause": []}
URL = url_js("run", "dialog", "wrong", "opportunity", "termination", "cause", fixed={"tab": "dialogs"})


@dataclass(frozen=True)
class DialogsUI:
    """The tab's components (what its callbacks read and update)."""
    run: Any
    key: Any
    busy: Any
    wrong: Any
    opp: Any
    term: Any
    cause: Any
    dialogs: Any
    summary: Any
    chat: Any
    profile: Any
    truth: Any
    export_btn: Any
    export_file: Any
    pending: Any  # gr.State: the request waiting for the store: {run, wrong, opportunity, ...}
    shown: Any  # gr.State: the run whose content is on screen
    retry: Any

    @property
    def outputs(self) -> list:
        return [self.run, self.wrong, self.opp, self.term, self.cause, self.dialogs, self.key, self.summary, self.chat,
                self.profile, self.truth, self.busy, self.pending, self.shown, self.retry]

    @property
    def url_inputs(self) -> list:
        return [self.run, self.key, self.wrong, self.opp, self.term, self.cause]

    @property
    def filter_inputs(self) -> list:
        return [self.run, self.wrong, self.opp, self.term, self.cause, self.key, self.shown]


def layout() -> tuple[gr.Tab, DialogsUI]:
    """The tab's components, inside the app's Blocks."""
    with gr.Tab("Dialogs", id="dialogs") as tab:
        with gr.Row():
            run = gr.Dropdown(choices=[], label="Run", scale=3, elem_id="bf-dlg-run")
            key = gr.Dropdown(choices=[], label="Dialog (dataset / household / trial)", scale=2, elem_id="bf-dlg-key")
        busy = gr.HTML("", elem_id="bf-dlg-busy", js_on_load=None)
        with gr.Row():
            wrong = gr.Checkbox(value=False, label="only dialogs with a wrong pair", elem_id="bf-dlg-wrong")
            opp = gr.Dropdown(choices=[], value=None, label="Opportunity", elem_id="bf-dlg-opp")
            term = gr.Dropdown(choices=[], value=None, label="Termination", elem_id="bf-dlg-term")
            cause = gr.Dropdown(choices=[], value=None, label="Failure cause", elem_id="bf-dlg-cause")
        dialogs = gr.Dataframe(pd.DataFrame(columns=list(Q.DIALOG_COLUMNS)), interactive=False, max_height=260,
                               elem_id="bf-dlg-list", label="Dialogs of the run (click one to open it)")
        summary = gr.Markdown(elem_id="bf-dlg-summary")
        with gr.Row(equal_height=False):
            with gr.Column(scale=1, min_width=300):
                chat = gr.Chatbot(label="Transcript (the agent's questions; the simulated user's answers)",
                                  height=560, latex_delimiters=[], feedback_options=None,
                                  placeholder="The agent asked no question in this dialog: it predicted from the requirements alone.", elem_id="bf-chat")
            with gr.Column(scale=1, min_width=300):
                gr.Markdown("**Household profile** (what the simulated user was told)")
                profile = gr.HTML(js_on_load=None, elem_id="bf-profile")
        gr.Markdown("**Why each verdict**: per opportunity, the decisive requirement with this household's "
                    "values, the failure cause of a wrong pair, the facts the decision needed (asked or "
                    "not), the requirements, and the checker lines that ran.")
        truth = gr.HTML(js_on_load=None, elem_id="bf-truth")
        with gr.Row():
            export_btn = gr.Button("Download this run (JSON)", size="sm", elem_id="bf-export-run")
            export_file = gr.HTML("", elem_id="bf-export-run-file")  # a link by clean name
        ui = DialogsUI(run, key, busy, wrong, opp, term, cause, dialogs, summary, chat, profile, truth, export_btn,
                       export_file, gr.State(None), gr.State(None), gr.Timer(RETRY_EVERY_S, active=False))
    return tab, ui


def waiting(ui: DialogsUI, request: dict, shown_run: str | None) -> dict:
    """The busy banner naming the run waited for; the request kept and the retry timer on."""
    what = f"run {html.escape(request['run'])}"
    if shown_run and shown_run != request["run"]:
        what += f"; shown below until then: run {html.escape(shown_run)}"
    return {ui.busy: busy_note(what), ui.pending: request, ui.retry: gr.Timer(active=True),
            ui.run: gr.Dropdown(value=request["run"])}


def view(ui: DialogsUI, board: Board, request: dict, shown_run: str | None = None) -> dict:
    """The tab for one request (run, filters, dialog); while the store is busy, the last content
    with the banner, and the request kept for the retry."""
    run_id = request.get("run") or ""
    f = Q.DialogFilter(bool(request.get("wrong")), request.get("opportunity") or None,
                       request.get("termination") or None, request.get("cause") or None)
    try:
        df, facets = board.dialog_list(run_id, f) if run_id else (
            pd.DataFrame(columns=list(Q.DIALOG_COLUMNS)), EMPTY_FACETS)
        keys = [Q.dialog_key(d, r, t) for d, r, t in zip(df["Dataset"], df["Household"], df["Trial"])]
        key = request.get("dialog")
        if key not in keys and request.get("real"):  # opened by default: a dialog in which questions were asked
            asked = [k for k, q in zip(keys, df["Questions"]) if not pd.isna(q) and q > 0]
            key = asked[0] if asked else None
        key = key if key in keys else (keys[0] if keys else None)
        chat, summary, truth, profile = board.transcript(run_id, key) if key else (
            [], "No dialog of this run matches the filters." if run_id else "Pick a run.", "", "")
    except Q.StoreLockedError:
        return waiting(ui, dict(request), shown_run)
    names = board.program_names() if facets["opportunity"] else {}  # a person picks a program by its name
    return {
        ui.run: gr.Dropdown(value=run_id), ui.wrong: f.wrong_only,
        ui.opp: gr.Dropdown(choices=[("any", "")] + [(names.get(o, o), o) for o in facets["opportunity"]],
                            value=f.opportunity or ""),
        ui.term: gr.Dropdown(choices=[("any", "")] + [(Q.TERMINATION_WORDS.get(o, o), o) for o in facets["termination"]],
                             value=f.termination or ""),
        ui.cause: gr.Dropdown(choices=[("any", "")] + [(Q.CAUSE_WORDS.get(o, o), o) for o in facets["cause"]],
                              value=f.cause or ""),
        ui.dialogs: df, ui.key: gr.Dropdown(choices=keys, value=key),
        ui.summary: summary, ui.chat: chat, ui.profile: profile, ui.truth: truth,
        ui.busy: "", ui.pending: None, ui.shown: run_id or None, ui.retry: gr.Timer(active=False),
    }


def fill(ui: DialogsUI, page: PageData, values: Mapping[str, Any]) -> dict:
    """A page load or refresh: the run list (kept while the page is cold)."""
    if page.cold:
        return {}
    return {ui.run: gr.Dropdown(choices=[(label, rid) for label, rid in page.runs])}


def link(ui: DialogsUI, board: Board, page: PageData, q: Mapping[str, str]) -> dict:
    """A deep link (?tab=dialogs&run=...&dialog=...): that run, its filters and dialog."""
    run = q.get("run")
    if not run and q.get("tab") == "dialogs":  # the tab linked with no run: the board's best run
        return open_default(ui, board, page)
    if not run:
        return {}
    request = {"run": run, "wrong": q.get("wrong") == "1", "opportunity": q.get("opportunity"),
               "termination": q.get("termination"), "cause": q.get("cause"), "dialog": q.get("dialog")}
    out = view(ui, board, request) if not page.busy else waiting(ui, request, None)
    choices = [(label, rid) for label, rid in page.runs]
    if run not in {rid for _, rid in choices}:  # a cold page: name the run until the list arrives
        choices.append((run, run))
    out[ui.run] = gr.Dropdown(choices=choices, value=run)
    return out


def open_default(ui: DialogsUI, board: Board, page: PageData) -> dict:
    """The view the tab opens on when nothing is picked: the best run of the ranking the board opens
    on, at a dialog in which questions were asked (never an empty chat)."""
    if page.cold or page.busy:
        return {}
    picked = default_runs(page, 1)
    if not picked:
        return {}
    return view(ui, board, {"run": picked[0], "real": True}) | {
        ui.run: gr.Dropdown(choices=[(label, rid) for label, rid in page.runs], value=picked[0])}


def on_select(ui: DialogsUI, board: Board, shown_run: str | None) -> dict:
    """The tab selected: the default view, unless a run is already shown (a link, a click, a pick)."""
    out = {} if shown_run else open_default(ui, board, board.page())
    return out or {ui.retry: gr.skip()}  # gradio reads an empty dict as one value, not as "no update"


def on_run(ui: DialogsUI, board: Board, run_id: str, shown_run: str | None) -> dict:
    return view(ui, board, {"run": run_id}, shown_run)


def on_filter(ui: DialogsUI, board: Board, run_id: str, wrong: bool, opp: str | None, term: str | None,
              cause: str | None, key: str | None, shown_run: str | None) -> dict:
    return view(ui, board, {"run": run_id, "wrong": wrong, "opportunity": opp, "termination": term, "cause": cause,
                            "dialog": key}, shown_run)


def pick_dialog(ui: DialogsUI, board: Board, run_id: str, wrong: bool, opp: str | None, term: str | None,
                cause: str | None, shown_run: str | None, evt: gr.SelectData) -> dict:
    """A click on a row of the dialog list opens that dialog."""
    row = evt.row_value or []
    if len(row) < 3:
        return {}
    return on_filter(ui, board, run_id, wrong, opp, term, cause, Q.dialog_key(row[0], row[1], int(row[2])),
                     shown_run)


def on_retry(ui: DialogsUI, board: Board, request: dict | None, shown_run: str | None) -> dict:
    if not request:
        return {ui.retry: gr.Timer(active=False)}
    return view(ui, board, request, shown_run)


def export_run(board: Board, run_id: str | None) -> str:
    """The run's JSON export as a link; a note when the store cannot be read just now."""
    if not run_id:
        return ""
    try:
        link = board.export_run(run_id)
    except Q.StoreLockedError:
        link = None
    if link is None:
        return note("The run could not be read just now (the results are being updated): try again.")
    return links_html([link], "Run export")


def open_run(ui: DialogsUI, board: Board, run_id: str) -> dict:
    """For other tabs (a ranking row opened): the run's dialogs."""
    return view(ui, board, {"run": run_id})


def build(ctx: Context) -> Tab:
    board = ctx.board
    tab, ui = layout()
    ui.run.input(bind(on_run, ui, board), [ui.run, ui.shown], ui.outputs).then(None, ui.url_inputs, None, js=URL)
    for control in (ui.wrong, ui.opp, ui.term, ui.cause, ui.key):
        control.input(bind(on_filter, ui, board), ui.filter_inputs, ui.outputs).then(None, ui.url_inputs, None, js=URL)
    ui.dialogs.select(bind(pick_dialog, ui, board), [ui.run, ui.wrong, ui.opp, ui.term, ui.cause, ui.shown],
                      ui.outputs).then(None, ui.url_inputs, None, js=URL)
    ui.retry.tick(bind(on_retry, ui, board), [ui.pending, ui.shown], ui.outputs).then(None, ui.url_inputs, None, js=URL)
    ui.export_btn.click(bind(export_run, board), ui.run, ui.export_file)
    # filled when first shown, not on every page load (a transcript with its reasons takes 0.7-2.6 s)
    tab.select(bind(on_select, ui, board), [ui.shown], ui.outputs).then(None, ui.url_inputs, None, js=URL)
    ctx.shared.update(open_run=bind(open_run, ui, board), dialog_outputs=ui.outputs, dialog_url=URL,
                      dialog_url_inputs=ui.url_inputs)
    return Tab("dialogs", "Dialogs", tab, outputs=[ui.run], fill=bind(fill, ui), link=bind(link, ui, board),
               link_outputs=ui.outputs)
