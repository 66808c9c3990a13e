"""The Simulator tab: the simulated users' figures in the store and the faithfulness audits.

A person reads the simulated users by what they are ("template user", not
"grounded:lexical/template"), and a figure the runs did not measure says "not measured": a template
user calls no model, so its answers have no latency or tokens, and a 0 there would read as a
measurement."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Mapping

import gradio as gr
import pandas as pd

from eligibench.results import NOT_MEASURED
from leaderboard.board import PageData
from leaderboard.protocol_words import user_words
from leaderboard.tabs.common import Context, Tab, bind

# what a model-free user leaves at 0 or empty: shown as NOT_MEASURED
MEASURED_BY_A_MODEL = ("Answer latency (s)", "Answer tokens", "Prompt tokens / answer", "Cached share %")


def stats_in_words(stats: pd.DataFrame) -> pd.DataFrame:
    """The simulator table as a person reads it: users named in words, unmeasured figures said so."""
    if stats is None or stats.empty:
        return stats
    out = stats.copy()
    if "Simulator" in out.columns:
        out["Simulator"] = [user_words(v) for v in out["Simulator"]]
    for col in MEASURED_BY_A_MODEL:
        if col in out.columns:
            out[col] = [NOT_MEASURED if v is None or pd.isna(v) or float(v) == 0 else f"{float(v):g}" for v in out[col]]
    for col in ("Faithful answers % (every turn)", "Contradicted answers"):
        if col in out.columns:
            out[col] = [NOT_MEASURED if v is None or pd.isna(v) else f"{float(v):g}" for v in out[col]]
    return out


@dataclass(frozen=True)
class SimulatorUI:
    stats: Any
    audit: Any


def fill(ui: SimulatorUI, page: PageData, values: Mapping[str, Any]) -> dict:
    if page.cold:
        return {}
    return {ui.stats: stats_in_words(page.stats), ui.audit: page.audit}


def build(ctx: Context) -> Tab:
    with gr.Tab("Simulator", id="simulator") as tab:
        ui = SimulatorUI(gr.Dataframe(interactive=False, label="Simulated users in the store",
                                      elem_id="bf-simulator"), gr.Markdown(elem_id="bf-audit"))
    return Tab("simulator", "Simulator", tab, outputs=[ui.stats, ui.audit], fill=bind(fill, ui))
