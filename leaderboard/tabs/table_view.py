"""A read-only tab: one query's table under a note that explains it (the Sensitivity and Realism
tabs). A refresh re-reads the query; while a writer holds the store the last rows stay."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable, Mapping

import gradio as gr
import pandas as pd

from leaderboard import queries as Q
from leaderboard.board import Board, PageData
from leaderboard.tabs.common import Context, Tab, bind, note


@dataclass(frozen=True)
class TableView:
    id: str  # the tab's id; the table is #bf-<id>, the note #bf-<id>-note
    title: str
    query: Callable[[Any], pd.DataFrame]  # a reader -> the table
    columns: tuple[str, ...]
    label: str
    explain: str
    empty: str  # said before `explain` while the query has no rows
    hidden: tuple[str, ...] = ()  # columns left out of the view (ids: a person reads names)


@dataclass(frozen=True)
class TableUI:
    table: Any
    status: Any


def read(view: TableView, board: Board) -> pd.DataFrame | None:
    """The view's rows, read now; None while a writer holds the store."""
    try:
        with board.source.reader() as r:
            return view.query(r)
    except Q.StoreLockedError:
        return None


def fill(view: TableView, ui: TableUI, board: Board, page: PageData, values: Mapping[str, Any]) -> dict:
    """The view's table read now; while the store is busy the last table stays (the page's retry
    fills it): reading anyway made each busy refresh wait out the read timeout once per view
    (2 s each): the banner showed 6.9 s after Refresh at load 6, 2.9 s with this guard."""
    if page.cold or page.busy:
        return {}
    df = read(view, board)
    if df is None:
        return {}
    df = df.drop(columns=[c for c in view.hidden if c in df.columns])
    # no rows: the sentence alone (an empty grid's headers break mid-word and say nothing)
    return {ui.table: gr.Dataframe(value=df, visible=not df.empty),
            ui.status: note(view.explain if not df.empty else view.empty + " " + view.explain)}


def build(view: TableView, ctx: Context) -> Tab:
    with gr.Tab(view.title, id=view.id) as tab:
        shown = [c for c in view.columns if c not in view.hidden]
        # wrap: long headers break over lines, so the table fits the page instead of running off its right edge
        ui = TableUI(gr.Dataframe(pd.DataFrame(columns=shown), interactive=False, label=view.label,
                                  elem_id=f"bf-{view.id}", wrap=True),
                     gr.HTML(note(view.explain), elem_id=f"bf-{view.id}-note"))
    return Tab(view.id, view.title, tab, outputs=[ui.table, ui.status], fill=bind(fill, view, ui, ctx.board))
