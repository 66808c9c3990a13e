"""Issue 35.4: the leaderboard's callbacks are module-level functions, called here directly (no
browser, no server) on a real DuckDB store written by the synthetic runs. Each tab's components are
laid out inside a `gr.Blocks` (nothing is launched); a callback returns {component: update}."""
from __future__ import annotations

import inspect
import subprocess
import sys
from contextlib import contextmanager

import gradio as gr
import pandas as pd
import pytest

from eligibench.results import ResultStore
from leaderboard import app
from leaderboard import queries as Q
from leaderboard.board import Board
from leaderboard.config import AppConfig
from leaderboard.tabs import board as board_tab
from leaderboard.tabs import compare, dialogs
from leaderboard.tabs.common import Context, bind
from tests.leaderboard.synthetic import fake_households, write_run


@pytest.fixture()
def store(tmp_path):
    s = ResultStore(tmp_path / "results.duckdb")
    hh = fake_households(4, 3, seed=5, opportunities=["snap", "wic", "heap"])
    ids = (write_run(s, hh, "agent-a", questions=3, skill=0.6, n_boot=20),
           write_run(s, hh, "agent-b", questions=7, skill=0.9, n_boot=20, seed=1))
    return s, ids


@pytest.fixture()
def board(store):
    return Board(AppConfig(store=store[0].path, audit_file=None, read_timeout=0.3, allow_play=False))


@contextmanager
def held(path):
    """A writer holding the store (as an evaluation does) until the block ends."""
    writer = subprocess.Popen([sys.executable, "-c", "import duckdb, sys; c = duckdb.connect(sys.argv[1]);"
                               " c.execute('CREATE TABLE _writing (x INT)'); print('locked', flush=True);"
                               " sys.stdin.read()", str(path)], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
    try:
        assert writer.stdout.readline().strip() == "locked"
        yield
    finally:
        writer.stdin.close()
        writer.wait(timeout=30)


def laid_out(layout):
    with gr.Blocks():
        _, ui = layout()
    return ui


def test_dialogs_view_lists_a_runs_dialogs_and_opens_the_first(store, board):
    _, (run_a, _) = store
    ui = laid_out(dialogs.layout)
    out = dialogs.on_run(ui, board, run_a, None)
    listed = out[ui.dialogs]
    assert len(listed) == 7 and set(listed["Dataset"]) == {"diverse", "representative"}
    first = Q.dialog_key(*listed.iloc[0][["Dataset", "Household", "Trial"]])
    assert out[ui.key].value == first and len(out[ui.key].choices) == 7
    assert out[ui.shown] == run_a and out[ui.pending] is None and out[ui.busy] == ""
    assert out[ui.chat] and "Pick a run" not in out[ui.summary]
    # a dialog picked in the list (the row's dataset, household, trial) opens that dialog
    last = listed.iloc[-1]
    evt = gr.SelectData(None, {"index": [len(listed) - 1, 0], "value": last["Dataset"],
                               "row_value": [last["Dataset"], last["Household"], int(last["Trial"])]})
    picked = dialogs.pick_dialog(ui, board, run_a, False, "", "", "", run_a, evt)
    assert picked[ui.key].value == Q.dialog_key(last["Dataset"], last["Household"], int(last["Trial"])) != first
    assert dialogs.pick_dialog(ui, board, run_a, False, "", "", "", run_a, gr.SelectData(
        None, {"index": [0, 0], "value": "x", "row_value": ["x"]})) == {}  # a cell without a whole row
    nothing = dialogs.view(ui, board, {})
    assert nothing[ui.summary] == "Pick a run." and nothing[ui.dialogs].empty


def test_dialogs_wrong_only_filter_keeps_only_dialogs_with_a_wrong_pair(store, board):
    _, (run_a, _) = store
    ui = laid_out(dialogs.layout)
    every = dialogs.on_filter(ui, board, run_a, False, "", "", "", None, None)[ui.dialogs]
    wrong = dialogs.on_filter(ui, board, run_a, True, "", "", "", None, None)[ui.dialogs]
    assert 0 < len(wrong) < len(every)  # skill 0.6: some dialogs right, some wrong
    with Q.StoreSource(store[0].path).reader() as r:
        assert len(Q.dialog_list(r, run_a, Q.DialogFilter(True, None, None, None))) == len(wrong)


def test_dialogs_while_a_writer_holds_the_store_keep_the_request_and_retry_fills_it(store, board):
    s, (run_a, run_b) = store
    ui = laid_out(dialogs.layout)
    with held(s.path):
        out = dialogs.on_run(ui, board, run_b, run_a)
        assert out[ui.pending] == {"run": run_b}
        assert "retrying" in out[ui.busy] and f"shown below until then: run {run_a}" in out[ui.busy]
        assert ui.dialogs not in out  # the last content stays on screen
        assert "The run could not be read just now" in dialogs.export_run(board, run_b)
    filled = dialogs.on_retry(ui, board, out[ui.pending], run_a)
    assert filled[ui.shown] == run_b and filled[ui.pending] is None and len(filled[ui.dialogs]) == 7
    assert set(dialogs.on_retry(ui, board, None, run_b)) == {ui.retry}  # nothing waiting: the timer stops
    assert "Run export" in dialogs.export_run(board, run_b) and dialogs.export_run(board, "") == ""


def test_compare_view_pairs_two_runs_on_a_shared_household(store, board):
    _, (run_a, run_b) = store
    ui = laid_out(compare.layout)
    out = compare.on_runs(ui, board, run_a, run_b)
    assert out[ui.chat_a] and out[ui.chat_b] and out[ui.busy] == ""
    assert out[ui.verdict].startswith("**Paired comparison**")
    alone = compare.view(ui, board, run_a, "")
    assert alone[ui.summary] == "Pick two runs." and alone[ui.verdict] == ""


def test_board_fill_ranks_the_runs_and_export_writes_the_table_as_shown(store, board, tmp_path):
    _, (run_a, run_b) = store
    ui = laid_out(board_tab.layout)
    page = board.page()
    out = board_tab.fill(ui, page, {"filter": f"{Q.TW_F1} >= 0"})
    assert "agent-a" in out[ui.table] and "agent-b" in out[ui.table] and out[ui.filter_msg] == ""
    bad = board_tab.fill(ui, page, {"filter": f"{Q.TW_F1} >= lots"})
    assert bad[ui.filter_msg].startswith("⚠ Filter not applied") and "agent-a" in bad[ui.table]
    link = board_tab.link(ui, page, {"columns": f"{Q.AVG_F1},nonsense", "sort": "-Rank"})
    assert link[ui.columns] == [Q.AVG_F1] and link[ui.sort_state] == "-Rank" and link[ui.filter_box] == ""
    proto = board_tab.chosen_protocol(page, {})
    html = board_tab.export_shown(board, page.table, proto, None, "agent-b", [Q.TW_F1], "")
    assert html.count("<a ") == 2 and ".csv" in html and ".json" in html


def test_page_callbacks_refresh_every_tab_and_open_a_ranking_row_on_the_dialogs_tab(store, board):
    _, (run_a, _) = store
    with gr.Blocks():
        with gr.Tabs() as tabs:
            ctx = Context(board, tabs, gr.State(pd.DataFrame()), gr.State({}), gr.State({}))
            built = tuple(build(ctx) for build in app.TAB_BUILDERS)
        p = app.Page(board, built, tabs, ctx.table_state, ctx.proto_state, ctx.run_labels, gr.Markdown(), gr.HTML(),
                     gr.Timer(1, active=False), ctx.shared["open_run"])
    out = app.refresh(p, None, [], "", None, True, None)
    assert "**2** evaluated run(s)" in out[p.header] and out[p.banner] == ""
    assert set(out[p.table_state]["Run"].dropna()) >= {run_a}
    redrawn = app.redisplay(p, out[p.table_state], out[p.proto_state], out[p.run_labels], None, [], "agent-a",
                            None, True, None)
    assert "agent-a" in redrawn[ctx.shared["table"]] and "agent-b" not in redrawn[ctx.shared["table"]]
    opened = app.open_from_table(p, gr.EventData(None, {"run": run_a}))
    assert opened[p.tabs].selected == "dialogs" and len(opened[ctx.shared["dialog_outputs"][5]]) == 7
    assert app.open_from_table(p, gr.EventData(None, {})) == {}


def test_bind_keeps_the_event_parameters_gradio_reads():
    def pick(ui, board, run: str, evt: gr.SelectData) -> tuple:
        return ui, board, run, evt.value

    bound = bind(pick, "UI", "BOARD")
    assert list(inspect.signature(bound).parameters) == ["run", "evt"]
    assert gr.utils.get_type_hints(bound)["evt"] is gr.SelectData  # how gradio finds the event data
    assert bound("r", gr.SelectData(None, {"index": 0, "value": "v"})) == ("UI", "BOARD", "r", "v")
