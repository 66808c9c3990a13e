"""The Simulator tab: the simulated users' figures in the store and the faithfulness audits."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Mapping

import gradio as gr

from leaderboard.board import PageData
from leaderboard.tabs.common import Context, Tab, bind


@dataclass(frozen=True)
class SimulatorUI:
    stats: Any
    audit: Any


def fill(ui: SimulatorUI, page: PageData, values: Mapping[str, Any]) -> dict:
    if page.cold:
        return {}
    return {ui.stats: page.stats, ui.audit: page.audit}


def build(ctx: Context) -> Tab:
    with gr.Tab("Simulator", id="simulator") as tab:
        ui = SimulatorUI(gr.Dataframe(interactive=False, label="Simulated users in the store"), gr.Markdown())
    return Tab("simulator", "Simulator", tab, outputs=[ui.stats, ui.audit], fill=bind(fill, ui))
