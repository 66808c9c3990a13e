"""The Submit tab (Queue with --no-upload): upload a submission, and the evaluation queue."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Mapping

import gradio as gr

from leaderboard import queries as Q
from leaderboard.board import Board, PageData
from leaderboard.tabs.common import Context, Tab, bind


@dataclass(frozen=True)
class SubmitUI:
    queue: Any
    queue_timer: Any
    upload_file: Any = None  # the upload controls: None with --no-upload
    upload_btn: Any = None
    upload_status: Any = None


def layout(board: Board) -> tuple[gr.Tab, SubmitUI]:
    config = board.config
    upload_file = upload_btn = upload_status = None
    with gr.Tab("Submit" if config.allow_upload else "Queue", id="submit") as tab:
        if config.allow_upload:
            gr.Markdown(
                "Upload your submission folder as a **.zip**: `manifest.yaml` (name, strategy, authors, "
                "the entry point as `entry_point: module:Class`, models, license) at the top of the archive or inside one top "
                f"folder, plus your code. Limits: {config.limits.describe()}, {board.uploads.describe()}; no "
                "absolute paths, no `..`, no symlinks. The submission is checked, unpacked and queued; the "
                "evaluation worker runs it in a separate process with time and memory limits and no access "
                "to the hidden households or labels. From a checkout, `benyfits submit PATH` does the same "
                "with smoke dialogs first (one household per household size). A run in which the agent "
                "fails in any dialog is listed as \"agent errors n/N\" and never ranked.")
            with gr.Row():
                upload_file = gr.File(label="Submission (.zip)", file_types=[".zip"], file_count="single",
                                      type="filepath", scale=3, height=150, elem_id="bf-upload")
                upload_btn = gr.Button("Submit", variant="primary", scale=1)
            upload_status = gr.Markdown(elem_id="bf-upload-status")
        queue = gr.Dataframe(interactive=False, label="Evaluation queue (newest first): pending, running, "
                             "finished or failed (with the reason)", max_height=360, elem_id="bf-queue")
        queue_timer = gr.Timer(15)
    return tab, SubmitUI(queue, queue_timer, upload_file, upload_btn, upload_status)


def fill(ui: SubmitUI, page: PageData, values: Mapping[str, Any]) -> dict:
    return {} if page.cold else {ui.queue: page.queue}


def queue_now(board: Board):
    """The queue as it is now (unchanged while the store is busy)."""
    try:
        return board.queue()
    except Q.StoreLockedError:
        return gr.skip()


def on_upload(board: Board, path: str | None, request: gr.Request) -> tuple:
    """An uploaded .zip: checked and queued (rate-limited per client address); the file input
    cleared once accepted."""
    client = request.client.host if request is not None and request.client else ""
    accepted, message = board.upload(path, client)
    return message, queue_now(board), (gr.File(value=None) if accepted else gr.File())


def build(ctx: Context) -> Tab:
    board = ctx.board
    tab, ui = layout(board)
    ui.queue_timer.tick(bind(queue_now, board), None, ui.queue)
    if board.config.allow_upload:
        ui.upload_btn.click(bind(on_upload, board), ui.upload_file, [ui.upload_status, ui.queue, ui.upload_file])
    return Tab("submit", "Submit" if board.config.allow_upload else "Queue", tab, outputs=[ui.queue],
               fill=bind(fill, ui))
