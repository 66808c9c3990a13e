"""Issue 13: outages are not results; one bad value fails a dialog, never the run.

The simulated user's model is a real OpenAI-compatible client pointed at a closed port (a real
connection refused, no mock); the working user is the extractive TEST STAND-IN of doubles.py."""
from __future__ import annotations

import socket

from eligibench.datasets.rows import Row
from eligibench.evaluation.hosting import OpportunityBrief
from eligibench.evaluation.run import INCOMPLETE, ResolvedRun, evaluate
from eligibench.household.model import household
from eligibench.household.profile import render_profile
from eligibench.models import ModelSpec, OpenAICompatModel
from eligibench.results.records import AGENT_ERROR, INFRA_ERROR, RunSpec
from eligibench.results.store import ResultStore
from tests.evaluation.doubles import ExtractiveUserModel, ScriptedAgent
from tests.evaluation.plans import runner_plan

BRIEFS = {"IDNYC": OpportunityBrief("IDNYC", "IDNYC", "Lives in NYC, 10+.")}


def _plan(n: int = 4, datasets=("diverse",)) -> tuple[ResolvedRun, RunSpec]:
    hh = household({"name": "Ana Ruiz", "age": 34})
    profile = render_profile(hh).text
    rows = {d: [Row(f"r{i:03d}", d, hh, ("IDNYC",), (True,), ("t",), profile, "", "v") for i in range(n)] for d in datasets}
    return runner_plan(RunSpec("scripted", {}, "test-user", {}, "v", tuple(datasets)), rows, BRIEFS, 48, concurrency=1,
                   infra_retries=0, bootstrap=20)


def _dead_model() -> OpenAICompatModel:
    s = socket.socket()
    s.bind(("127.0.0.1", 0))
    port = s.getsockname()[1]
    s.close()
    return OpenAICompatModel(ModelSpec("openai", "down", retries=0, timeout_s=2, backoff_s=0),
                             base_url=f"http://127.0.0.1:{port}/v1", api_key="none")


class DownForSome:
    """TEST STAND-IN user model: the dead endpoint for the households `down` names, else extractive."""

    def __init__(self, dead, down_calls: set[int]):
        self.dead, self.good, self.down_calls, self.n = dead, ExtractiveUserModel(), down_calls, 0

    def chat(self, messages, **kw):
        self.n += 1
        return (self.dead if self.n in self.down_calls else self.good).chat(messages, **kw)


def test_outage_makes_the_run_incomplete_and_a_rerun_retries_exactly_those(tmp_path):
    store = ResultStore(tmp_path / "r.duckdb")
    plan = _plan(4)
    dead = _dead_model()
    run_id = evaluate(*plan, store, lambda: ScriptedAgent(questions=1), DownForSome(dead, {2, 4}))
    run = next(r for r in store.runs() if r["run_id"] == run_id)
    assert run["status"] == INCOMPLETE
    first = {r.row_id: r for r in store.dialog_results(run_id)}
    failed = {k for k, r in first.items() if r.termination == INFRA_ERROR}
    assert failed == {"r001", "r003"}
    # re-run with the endpoint back: exactly the failed dialogs run again
    calls = ExtractiveUserModel()
    run_id2 = evaluate(*plan, store, lambda: ScriptedAgent(questions=1), calls)
    assert run_id2 == run_id and calls.calls == 2
    after = {r.row_id: r for r in store.dialog_results(run_id)}
    assert all(r.termination != INFRA_ERROR for r in after.values())
    assert {k: after[k].wall_s for k in first if k not in failed} == {k: first[k].wall_s for k in first if k not in failed}
    assert next(r for r in store.runs() if r["run_id"] == run_id)["status"] == "done"
    dead.close()


def test_dataset_with_no_scored_dialog_has_no_score(tmp_path):
    store = ResultStore(tmp_path / "r.duckdb")
    dead = _dead_model()
    plan = _plan(2, ("diverse", "representative"))
    # the user is down for every dialog of the second dataset (calls 3 and 4)
    run_id = evaluate(*plan, store, lambda: ScriptedAgent(questions=1), DownForSome(dead, {3, 4}))
    names = {(m["dataset"], m["name"]): m["value"] for m in store.metrics(run_id)}
    assert ("diverse", "f1") in names
    assert not any(d == "representative" for d, _ in names)  # no score, not 0
    assert next(r for r in store.runs() if r["run_id"] == run_id)["status"] == INCOMPLETE
    dead.close()


class HugeUsage(ScriptedAgent):
    def usage(self):
        return {"calls": 0, "prompt_tokens": 0, "completion_tokens": 0} if not getattr(self, "_started", False) else \
            {"calls": 2**64, "prompt_tokens": 1, "completion_tokens": 1}

    def start(self, opportunities):
        self._started = True
        super().start(opportunities)


class SurrogateQuestion(ScriptedAgent):
    def ask(self, dialog):
        return "How old \ud800 are you?\x00"

    def predict(self, dialog):
        raise ValueError("bad \udcff value " + "y" * 100_000)


def test_one_bad_value_fails_that_dialog_never_the_run(tmp_path):
    store = ResultStore(tmp_path / "r.duckdb")
    plan = _plan(2)
    agents = iter([HugeUsage(questions=1)])
    run_id = evaluate(*plan, store, lambda: next(agents), ExtractiveUserModel())
    results = store.dialog_results(run_id)
    assert len(results) == 2
    bad, good = sorted(results, key=lambda r: r.row_id)  # the usage jumps past 2^63 in the first dialog only
    assert bad.termination == AGENT_ERROR and "agent_calls" in bad.error and "2^63" in bad.error
    assert good.termination != AGENT_ERROR
    assert next(r for r in store.runs() if r["run_id"] == run_id)["status"] == "done"


def test_text_is_sanitised_before_storage(tmp_path):
    store = ResultStore(tmp_path / "r.duckdb")
    run_id = evaluate(*_plan(1), store, lambda: SurrogateQuestion(questions=1), ExtractiveUserModel())
    (r,) = store.dialog_results(run_id)
    q = r.turns[0].question
    assert q == "How old \ufffd are you?\ufffd"
    assert r.termination == AGENT_ERROR and "\udcff" not in r.error and "\ufffd" in r.error
    assert len(r.error) <= 4_000 and "cut: " in r.error


def test_over_long_question_is_the_agents_fault(tmp_path):
    class Long(ScriptedAgent):
        def ask(self, dialog):
            return "x" * 5000

    store = ResultStore(tmp_path / "r.duckdb")
    (r,) = store.dialog_results(evaluate(*_plan(1), store, lambda: Long(questions=1), ExtractiveUserModel()))
    assert r.termination == AGENT_ERROR and "5000 characters" in r.error and not r.turns
