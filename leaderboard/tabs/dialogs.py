"""The Dialogs tab: a run's dialogs (filters), one transcript with the household's profile and the
reasons behind every verdict, and the run's export.

While a writer holds the store a request is kept (`pending`), the tab keeps what it showed, says
which run it is waiting for, and its own timer retries the request until it fills (a deep link
opened during a write included)."""
from __future__ import annotations

import html
from typing import Any, Mapping

import gradio as gr
import pandas as pd

from leaderboard import queries as Q
from leaderboard.board import PageData
from leaderboard.downloads import links_html
from leaderboard.tabs.common import RETRY_EVERY_S, Context, Tab, busy_note, note, url_js

EMPTY_FACETS = {"opportunity": [], "termination": [], "cause": []}


def build(ctx: Context) -> Tab:
    board = ctx.board
    with gr.Tab("Dialogs", id="dialogs") as tab:
        with gr.Row():
            dlg_run = gr.Dropdown(choices=[], label="Run", scale=3, elem_id="bf-dlg-run")
            dlg_key = gr.Dropdown(choices=[], label="Dialog (dataset / household / trial)", scale=2,
                                  elem_id="bf-dlg-key")
        dlg_busy = gr.HTML("", elem_id="bf-dlg-busy", js_on_load=None)
        with gr.Row():
            dlg_wrong = gr.Checkbox(value=False, label="only dialogs with a wrong pair", elem_id="bf-dlg-wrong")
            dlg_opp = gr.Dropdown(choices=[], value=None, label="Opportunity", elem_id="bf-dlg-opp")
            dlg_term = gr.Dropdown(choices=[], value=None, label="Termination", elem_id="bf-dlg-term")
            dlg_cause = gr.Dropdown(choices=[], value=None, label="Failure cause", elem_id="bf-dlg-cause")
        dlg_list = gr.Dataframe(pd.DataFrame(columns=list(Q.DIALOG_COLUMNS)), interactive=False, max_height=260,
                                elem_id="bf-dlg-list", label="Dialogs of the run (click one to open it)")
        dlg_summary = gr.Markdown(elem_id="bf-dlg-summary")
        with gr.Row(equal_height=False):
            with gr.Column(scale=1, min_width=300):
                dlg_chat = gr.Chatbot(label="Transcript (the agent's questions; the simulated user's answers)",
                                      height=560, latex_delimiters=[], feedback_options=None,
                                      placeholder="No questions in this dialog.", elem_id="bf-chat")
            with gr.Column(scale=1, min_width=300):
                gr.Markdown("**Household profile** (what the simulated user was told)")
                dlg_profile = gr.HTML(js_on_load=None, elem_id="bf-profile")
        gr.Markdown("**Why each verdict**: per opportunity, the decisive requirement with this household's "
                    "values, the failure cause of a wrong pair, the facts the decision needed (asked or "
                    "not), the requirements, and the checker lines that ran.")
        dlg_truth = gr.HTML(js_on_load=None, elem_id="bf-truth")
        with gr.Row():
            run_export_btn = gr.Button("Download this run (JSON)", size="sm", elem_id="bf-export-run")
            run_export_file = gr.HTML("", elem_id="bf-export-run-file")  # a link by clean name
        pending = gr.State(None)  # the request waiting for the store: {run, wrong, opportunity, ...}
        shown = gr.State(None)  # the run whose content is on screen
        retry = gr.Timer(RETRY_EVERY_S, active=False)

    outputs = [dlg_run, dlg_wrong, dlg_opp, dlg_term, dlg_cause, dlg_list, dlg_key, dlg_summary, dlg_chat,
               dlg_profile, dlg_truth, dlg_busy, pending, shown, retry]

    def waiting(request: dict, shown_run: str | None) -> dict:
        what = f"run {html.escape(request['run'])}"
        if shown_run and shown_run != request["run"]:
            what += f"; shown below until then: run {html.escape(shown_run)}"
        return {dlg_busy: busy_note(what), pending: request, retry: gr.Timer(active=True),
                dlg_run: gr.Dropdown(value=request["run"])}

    def view(request: dict, shown_run: str | None = None) -> dict:
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
            key = key if key in keys else (keys[0] if keys else None)
            chat, summary, truth, profile = board.transcript(run_id, key) if key else (
                [], "No dialog of this run matches the filters." if run_id else "Pick a run.", "", "")
        except Q.StoreLockedError:
            return waiting(dict(request), shown_run)
        return {
            dlg_run: gr.Dropdown(value=run_id), dlg_wrong: f.wrong_only,
            dlg_opp: gr.Dropdown(choices=[("any", "")] + [(o, o) for o in facets["opportunity"]],
                                 value=f.opportunity or ""),
            dlg_term: gr.Dropdown(choices=[("any", "")] + [(o, o) for o in facets["termination"]],
                                  value=f.termination or ""),
            dlg_cause: gr.Dropdown(choices=[("any", "")] + [(Q.CAUSE_WORDS.get(o, o), o) for o in facets["cause"]],
                                   value=f.cause or ""),
            dlg_list: df, dlg_key: gr.Dropdown(choices=keys, value=key),
            dlg_summary: summary, dlg_chat: chat, dlg_profile: profile, dlg_truth: truth,
            dlg_busy: "", pending: None, shown: run_id or None, retry: gr.Timer(active=False),
        }

    def fill(page: PageData, values: Mapping[str, Any]) -> dict:
        if page.cold:
            return {}
        return {dlg_run: gr.Dropdown(choices=[(label, rid) for label, rid in page.runs])}

    def link(page: PageData, q: Mapping[str, str]) -> dict:
        run = q.get("run")
        if not run:
            return {}
        request = {"run": run, "wrong": q.get("wrong") == "1", "opportunity": q.get("opportunity"),
                   "termination": q.get("termination"), "cause": q.get("cause"), "dialog": q.get("dialog")}
        out = view(request) if not page.busy else waiting(request, None)
        choices = [(label, rid) for label, rid in page.runs]
        if run not in {rid for _, rid in choices}:  # a cold page: name the run until the list arrives
            choices.append((run, run))
        out[dlg_run] = gr.Dropdown(choices=choices, value=run)
        return out

    url = url_js("run", "dialog", "wrong", "opportunity", "termination", "cause", fixed={"tab": "dialogs"})
    url_inputs = [dlg_run, dlg_key, dlg_wrong, dlg_opp, dlg_term, dlg_cause]

    def on_run(run_id, shown_run):
        return view({"run": run_id}, shown_run)

    dlg_run.input(on_run, [dlg_run, shown], outputs).then(None, url_inputs, None, js=url)

    def on_filter(run_id, wrong, opp, term, cause, key, shown_run):
        return view({"run": run_id, "wrong": wrong, "opportunity": opp, "termination": term, "cause": cause,
                     "dialog": key}, shown_run)

    filter_inputs = [dlg_run, dlg_wrong, dlg_opp, dlg_term, dlg_cause, dlg_key, shown]
    for control in (dlg_wrong, dlg_opp, dlg_term, dlg_cause, dlg_key):
        control.input(on_filter, filter_inputs, outputs).then(None, url_inputs, None, js=url)

    def pick_dialog(run_id, wrong, opp, term, cause, shown_run, evt: gr.SelectData):
        row = evt.row_value or []
        if len(row) < 3:
            return {}
        return on_filter(run_id, wrong, opp, term, cause, Q.dialog_key(row[0], row[1], int(row[2])), shown_run)

    dlg_list.select(pick_dialog, [dlg_run, dlg_wrong, dlg_opp, dlg_term, dlg_cause, shown], outputs).then(
        None, url_inputs, None, js=url)

    def on_retry(request, shown_run):
        if not request:
            return {retry: gr.Timer(active=False)}
        return view(request, shown_run)

    retry.tick(on_retry, [pending, shown], outputs).then(None, url_inputs, None, js=url)

    def do_export_run(run_id):
        if not run_id:
            return ""
        try:
            link = board.export_run(run_id)
        except Q.StoreLockedError:
            link = None
        if link is None:
            return note("The run could not be read just now (the results are being updated): try again.")
        return links_html([link], "Run export")

    run_export_btn.click(do_export_run, dlg_run, run_export_file)

    def open_run(run_id: str) -> dict:
        """For other tabs (a ranking row opened): the run's dialogs."""
        return view({"run": run_id})

    ctx.shared.update(open_run=open_run, dialog_outputs=outputs, dialog_url=url, dialog_url_inputs=url_inputs)
    return Tab("dialogs", "Dialogs", tab, outputs=[dlg_run], fill=fill, link=link, link_outputs=outputs)
