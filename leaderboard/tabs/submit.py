"""The Submit tab (Queue with --no-upload): upload a submission, and the evaluation queue."""
from __future__ import annotations

from typing import Any, Mapping

import gradio as gr

from leaderboard import queries as Q
from leaderboard.board import PageData
from leaderboard.tabs.common import Context, Tab


def build(ctx: Context) -> Tab:
    board = ctx.board
    config = board.config
    label = "Submit" if config.allow_upload else "Queue"
    with gr.Tab(label, id="submit") as tab:
        if config.allow_upload:
            gr.Markdown(
                "Upload your submission folder as a **.zip**: `manifest.yaml` (name, strategy, authors, "
                "entry_point `module:Class`, models, license) at the top of the archive or inside one top "
                f"folder, plus your code. Limits: {config.limits.describe()}, {board.uploads.describe()}; no "
                "absolute paths, no `..`, no symlinks. The submission is checked, unpacked and queued; the "
                "evaluation worker runs it in a separate process with time and memory limits and no access "
                "to the hidden households or labels. From a checkout, `benyfits submit PATH` does the same "
                "with a one-household smoke dialog first.")
            with gr.Row():
                upload_file = gr.File(label="Submission (.zip)", file_types=[".zip"], file_count="single",
                                      type="filepath", scale=3, height=150, elem_id="bf-upload")
                upload_btn = gr.Button("Submit", variant="primary", scale=1)
            upload_status = gr.Markdown(elem_id="bf-upload-status")
        queue = gr.Dataframe(interactive=False, label="Evaluation queue (newest first): pending, running, "
                             "finished or failed (with the reason)", max_height=360, elem_id="bf-queue")
        queue_timer = gr.Timer(15)

    def fill(page: PageData, values: Mapping[str, Any]) -> dict:
        return {} if page.cold else {queue: page.queue}

    def queue_now():
        try:
            return board.queue()
        except Q.StoreLockedError:
            return gr.skip()

    queue_timer.tick(queue_now, None, queue)
    if config.allow_upload:
        def on_upload(path, request: gr.Request):
            client = request.client.host if request is not None and request.client else ""
            accepted, message = board.upload(path, client)
            return message, queue_now(), (gr.File(value=None) if accepted else gr.File())

        upload_btn.click(on_upload, upload_file, [upload_status, queue, upload_file])
    return Tab("submit", label, tab, outputs=[queue], fill=fill)
