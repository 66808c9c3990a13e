"""The optional Agent.notes() hook: called after each question, stored per turn in `turn_notes`,
shown by the leaderboard's transcript; through the agent process (jailed worker) as in-process."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from eligibench.evaluation.hosting import AgentContext, Dialog, OpportunityBrief, ProcessAgent, recommendation_of
from eligibench.evaluation.run import MAX_NOTES_CHARS, run_dialog
from eligibench.evaluation.user import SimulatedUser
from eligibench.results.records import READY, RunSpec
from eligibench.results.store import ResultStore
from leaderboard import queries as Q
from tests.evaluation.doubles import ExtractiveUserModel
from tests.evaluation.notes_agent.agent import NotesAgent

BRIEFS = (OpportunityBrief("A", "Opportunity A", "Anyone."),)
PROFILE = "Household profile: You are 40 years old. You live alone."
FOLDER = Path(__file__).resolve().parent / "notes_agent"


def _dialog(agent):
    return run_dialog(agent, SimulatedUser(ExtractiveUserModel(), PROFILE), BRIEFS, {"A": True}, "h1", "diverse")


def test_notes_are_taken_after_each_question_and_stored_per_turn(tmp_path):
    r = _dialog(NotesAgent(AgentContext()))
    assert r.termination == READY and len(r.turns) == 2
    assert [(i, json.loads(n)["step"]) for i, n in r.agent_notes] == [(0, 0), (1, 1)]
    store = ResultStore(tmp_path / "results.duckdb")
    spec = RunSpec("notes", {}, "test", {}, "dv-test", ("diverse",))
    run_id = store.ensure_run(spec)
    store.record_dialog(run_id, r)
    with Q.StoreSource(store.path).reader() as reader:
        t = Q.transcript(reader, run_id, "diverse", "h1", 0)
    assert {i: n["step"] for i, n in t["notes"].items()} == {0: 0, 1: 1}


def test_long_notes_are_cut_not_lost():
    r = _dialog(NotesAgent(AgentContext(options={"long": True})))
    assert r.termination == READY
    assert all(len(n) <= MAX_NOTES_CHARS + 40 and "[cut]" in json.loads(n) for _, n in r.agent_notes)


@pytest.mark.needs_bwrap
def test_notes_cross_the_agent_process_boundary(tmp_path):
    agent = ProcessAgent(FOLDER, "agent:NotesAgent", {}, 0, {}, cwd=tmp_path, call_timeout_s=60)
    try:
        r = _dialog(agent)
    finally:
        agent.close()
    assert r.termination == READY, r.error
    assert [json.loads(n)["step"] for _, n in r.agent_notes] == [0, 1]


@pytest.mark.needs_bwrap
def test_the_recommendation_crosses_the_agent_process_boundary(tmp_path):
    agent = ProcessAgent(FOLDER, "agent:NotesAgent", {}, 0, {}, cwd=tmp_path, call_timeout_s=60)
    try:
        r = _dialog(agent)
        assert recommendation_of(agent, Dialog(BRIEFS, r.turns), ["A"]) == "A"
    finally:
        agent.close()


@pytest.mark.parametrize("note", ['"\\\\' * 15_000, "é" * 30_000, {"k": ['"'] * 8000}])
def test_the_stored_notes_are_capped_in_bytes_after_escaping(note):
    """Issue 24: quotes and backslashes are escaped again when the cut text is stored as JSON;
    the cap holds for the stored UTF-8 bytes."""
    from eligibench.evaluation.run.dialog_loop import _notes_json

    stored = _notes_json(note)
    assert len(stored.encode("utf-8")) <= MAX_NOTES_CHARS
    assert json.loads(stored).endswith(" [cut]") and len(stored.encode("utf-8")) > MAX_NOTES_CHARS - 50
