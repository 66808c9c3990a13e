"""Issue 35.4: the Play tab's callbacks called directly (no browser): a person plays the agent
through a whole dialog on a real project (synthetic dataset, the project's params.yaml), and the
checker's verdicts appear only in the finished view."""
from __future__ import annotations

import shutil
from pathlib import Path

import gradio as gr
import pytest

from eligibench.results import ResultStore
from leaderboard.tabs import play

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture()
def server(tmp_path):
    from tests.leaderboard.synthetic import make_dataset

    proj = tmp_path / "project"
    make_dataset(proj / "benyfits", n_diverse=2, n_representative=1)
    shutil.copy(ROOT / "params.yaml", proj / "params.yaml")
    (proj / "opportunities").symlink_to(ROOT / "opportunities")
    shutil.copytree(ROOT / "submissions" / "random", proj / "submissions" / "random",
                    ignore=shutil.ignore_patterns("__pycache__"))
    ResultStore(proj / "results" / "benyfits.duckdb").runs()
    return play.PlayServer(proj, proj / "submissions", plays_per_hour=5)


def test_a_person_plays_the_agent_through_the_callbacks(server):
    with gr.Blocks(), gr.Tabs():
        ui = play.layout(server)
    assert play.on_send(ui, server, None, None, "hello") == {ui.status: "Start a dialog first."}
    household = server.households()[0][1]
    out = play.on_start(ui, server, None, None, "the agent (ask the household)", "tester", household, None, None)
    tok = out[ui.token]
    assert tok and "started" in out[ui.status] and out[ui.said].interactive
    assert play.VERDICT_CLASS not in str(out)  # no label before the finish
    assert play.on_send(ui, server, None, tok, "  ") == {ui.status: "Type something first."}
    asked = play.on_send(ui, server, None, tok, "How old are you?")
    assert asked[ui.dialog][0] == {"role": "assistant", "content": "How old are you?"}
    deciding = play.on_finish(ui, server, None, tok)
    assert deciding[ui.decisions].visible and deciding[ui.submit].visible
    done = play.on_submit(ui, server, None, tok, [])
    assert done[ui.token] is None and done[ui.status].startswith("**Finished.**")
    assert play.VERDICT_CLASS in done[ui.result] and "1 question(s)" in done[ui.result]
    assert server.game(tok) is None  # the finished game is dropped


def test_the_agent_picker_shows_only_when_the_person_plays_the_household():
    assert play.agent_picker("the household (answer an agent)").visible is True
    assert play.agent_picker("the agent (ask the household)").visible is False
