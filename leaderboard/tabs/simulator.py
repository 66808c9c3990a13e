"""The Simulator tab: the simulated users' figures in the store and the faithfulness audits."""
from __future__ import annotations

from typing import Any, Mapping

import gradio as gr

from leaderboard.board import PageData
from leaderboard.tabs.common import Context, Tab


def build(ctx: Context) -> Tab:
    with gr.Tab("Simulator", id="simulator") as tab:
        sim_stats = gr.Dataframe(interactive=False, label="Simulated users in the store")
        sim_audit = gr.Markdown()

    def fill(page: PageData, values: Mapping[str, Any]) -> dict:
        if page.cold:
            return {}
        return {sim_stats: page.stats, sim_audit: page.audit}

    return Tab("simulator", "Simulator", tab, outputs=[sim_stats, sim_audit], fill=fill)
