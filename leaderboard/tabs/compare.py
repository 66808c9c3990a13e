"""The Compare tab: two runs on one household both ran, side by side. Busy store: as the Dialogs tab
(the request kept, the last content shown with the banner, a retry of its own)."""
from __future__ import annotations

import html
from typing import Any, Mapping

import gradio as gr

from leaderboard import queries as Q
from leaderboard.board import PageData
from leaderboard.paired import verdict as paired_verdict
from leaderboard.tabs.common import RETRY_EVERY_S, Context, Tab, busy_note, url_js


def build(ctx: Context) -> Tab:
    board = ctx.board
    with gr.Tab("Compare", id="compare") as tab:
        with gr.Row():
            cmp_a = gr.Dropdown(choices=[], label="Run A", elem_id="bf-cmp-a")
            cmp_b = gr.Dropdown(choices=[], label="Run B", elem_id="bf-cmp-b")
            cmp_key = gr.Dropdown(choices=[], label="Household both ran", elem_id="bf-cmp-key")
        cmp_busy = gr.HTML("", elem_id="bf-cmp-busy", js_on_load=None)
        cmp_summary = gr.Markdown(elem_id="bf-cmp-summary")
        cmp_verdict = gr.Markdown(elem_id="bf-cmp-verdict")  # issue 22: the paired statistic
        with gr.Row(equal_height=False):
            cmp_chat_a = gr.Chatbot(label="Run A", height=480, latex_delimiters=[], feedback_options=None)
            cmp_chat_b = gr.Chatbot(label="Run B", height=480, latex_delimiters=[], feedback_options=None)
        pending = gr.State(None)
        retry = gr.Timer(RETRY_EVERY_S, active=False)

    outputs = [cmp_a, cmp_b, cmp_key, cmp_summary, cmp_chat_a, cmp_chat_b, cmp_verdict, cmp_busy, pending, retry]

    def view(a: str, b: str, key: str | None = None) -> dict:
        try:
            with board.source.reader() as r:
                keys = Q.shared_dialogs(r, a, b)
                paired_md = paired_verdict(r, a, b)
            key = key if key in keys else (keys[0] if keys else None)
            summary, chat_a, chat_b = board.compare(a, b, key) if key else (
                "These runs share no household." if a and b else "Pick two runs.", [], [])
        except Q.StoreLockedError:
            return {cmp_busy: busy_note(f"the comparison of {html.escape(a or '')} and {html.escape(b or '')}"),
                    pending: {"a": a, "b": b, "dialog": key}, retry: gr.Timer(active=True)}
        return {cmp_a: gr.Dropdown(value=a), cmp_b: gr.Dropdown(value=b),
                cmp_key: gr.Dropdown(choices=keys, value=key), cmp_summary: summary, cmp_chat_a: chat_a,
                cmp_chat_b: chat_b, cmp_verdict: paired_md, cmp_busy: "", pending: None, retry: gr.Timer(active=False)}

    def fill(page: PageData, values: Mapping[str, Any]) -> dict:
        if page.cold:
            return {}
        choices = [(label, rid) for label, rid in page.runs]
        return {cmp_a: gr.Dropdown(choices=choices), cmp_b: gr.Dropdown(choices=choices)}

    def link(page: PageData, q: Mapping[str, str]) -> dict:
        a, b = q.get("a"), q.get("b")
        if not (a and b):
            return {}
        key = q.get("dialog") if q.get("tab") == "compare" else None
        out = view(a, b, key) if not page.busy else {
            cmp_busy: busy_note("the comparison"), pending: {"a": a, "b": b, "dialog": key},
            retry: gr.Timer(active=True)}
        choices = [(label, rid) for label, rid in page.runs]
        known = {rid for _, rid in choices}
        choices += [(x, x) for x in (a, b) if x not in known]
        out[cmp_a], out[cmp_b] = gr.Dropdown(choices=choices, value=a), gr.Dropdown(choices=choices, value=b)
        return out

    url = url_js("a", "b", "dialog", fixed={"tab": "compare"})
    url_inputs = [cmp_a, cmp_b, cmp_key]
    for control in (cmp_a, cmp_b):
        control.input(lambda a, b: view(a, b), [cmp_a, cmp_b], outputs).then(None, url_inputs, None, js=url)
    cmp_key.input(view, [cmp_a, cmp_b, cmp_key], outputs).then(None, url_inputs, None, js=url)

    def on_retry(request):
        if not request:
            return {retry: gr.Timer(active=False)}
        return view(request["a"], request["b"], request.get("dialog"))

    retry.tick(on_retry, pending, outputs)
    return Tab("compare", "Compare", tab, outputs=[cmp_a, cmp_b], fill=fill, link=link, link_outputs=outputs)
