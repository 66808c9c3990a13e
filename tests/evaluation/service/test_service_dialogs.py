"""ServiceAgent through the one dialog loop, against A2A services on loopback: the example
service around real agents, and hostile services (slow, huge replies, wrong schema, disconnects,
rate limits), each contained as the agent's error, attributed to its URL."""
from __future__ import annotations

import json
import time

from eligibench.evaluation.hosting import (
    AgentContext,
    DialogBudget,
    OpportunityBrief,
    ServiceAgent,
    ServiceUnreachable,
    fetch_card,
)
from eligibench.evaluation.run import run_dialog
from eligibench.evaluation.user import SimulatedUser
from eligibench.household.model import household
from eligibench.household.profile import render_profile
from eligibench.results import AGENT_ERROR, BUDGET_EXCEEDED, READY, TURN_LIMIT
from tests.evaluation.doubles import ExtractiveUserModel, ScriptedAgent
from tests.evaluation.service.asking_agent import AskingAgent
from tests.evaluation.service.servers import a2a_service, reply

HH = household({"name": "Ana Ruiz", "age": 34}, {"name": "Leo Ruiz", "relation": "child", "age": 4})
BRIEFS = [OpportunityBrief("IDNYC", "IDNYC", "Lives in NYC and is 10 or older."),
          OpportunityBrief("SummerMeals", "Summer Meals", "Anyone 18 or younger.")]
LABELS = {"IDNYC": True, "SummerMeals": False}


def _dialog(agent, max_questions=None):
    user = SimulatedUser(ExtractiveUserModel(), render_profile(HH).text)
    return run_dialog(agent, user, BRIEFS, LABELS, "r1", "diverse", 0, max_questions)


def _sent(served) -> list[dict]:
    """The BeNYfits parts of every message the harness sent (JSON-RPC bodies as received)."""
    out = []
    for body in served.bodies:
        msg = json.loads(body)["params"]["message"]
        out += [p["data"] for p in msg["parts"] if "data" in p]
    return out


def test_a_service_dialog_asks_hears_answers_and_decides_in_one_task():
    with a2a_service(lambda: AskingAgent(AgentContext())) as served:
        r = _dialog(ServiceAgent(served.url, call_timeout_s=10))
    assert r.termination == READY, r.error
    assert r.predictions == {"IDNYC": True, "SummerMeals": True}
    assert [t.question for t in r.turns] == ["Question 1: how many people live with you?",
                                             "Question 2: how many people live with you?"]
    assert all(t.answer for t in r.turns)
    assert json.loads(r.agent_notes[0][1]) == {"asked": "household size"}
    sent = _sent(served)
    assert [p["type"] for p in sent] == ["start", "answer", "answer"]
    assert sent[1]["answer"] == r.turns[0].answer
    # one task for the dialog: every message after the first names the task the service opened
    tasks = [json.loads(b)["params"]["message"].get("taskId") for b in served.bodies]
    assert tasks[0] is None and tasks[1] and len(set(tasks[1:])) == 1


def test_only_briefs_and_answers_travel_never_labels_or_the_household():
    with a2a_service(lambda: AskingAgent(AgentContext())) as served:
        r = _dialog(ServiceAgent(served.url, call_timeout_s=10))
    assert r.termination == READY
    start = _sent(served)[0]
    assert start["opportunities"] == [{"id": b.id, "name": b.name, "requirements": b.requirements} for b in BRIEFS]
    assert set(start) == {"benyfits", "type", "question_limit", "opportunities"}
    everything = b"".join(served.bodies).decode()
    assert "label" not in everything.lower() and "Ruiz" not in everything.split('"answer"')[0]
    for p in _sent(served)[1:]:
        assert set(p) == {"benyfits", "type", "question", "answer"}


def test_at_the_question_limit_the_service_is_told_to_decide():
    with a2a_service(lambda: ScriptedAgent(questions=99)) as served:
        r = _dialog(ServiceAgent(served.url, call_timeout_s=10), max_questions=2)
    assert r.termination == TURN_LIMIT, r.error
    assert [p["type"] for p in _sent(served)] == ["start", "answer", "answer", "decide"]
    assert r.predictions == {"IDNYC": False, "SummerMeals": False}


def _hostile(hook):
    return a2a_service(lambda: AskingAgent(AgentContext()), hook=hook)


def test_a_slow_service_times_out_is_retried_then_is_the_agents_error():
    async def slow(body, send):
        return await reply(send, 200, b"{}", delay_s=3.0)

    with _hostile(slow) as served:
        t0 = time.monotonic()
        r = _dialog(ServiceAgent(served.url, call_timeout_s=0.5, retries=1, backoff_s=0.05))
        took = time.monotonic() - t0
    assert r.termination == AGENT_ERROR and r.predictions is None
    assert served.url in r.error and "failed 2 time(s)" in r.error and "no reply within 0.5 s" in r.error
    assert len(served.bodies) == 2 and took < 3.0


def test_a_huge_reply_is_cut_off_while_read_and_not_retried():
    async def huge(body, send):
        return await reply(send, 200, b'{"jsonrpc": "2.0", "id": 1, "result": "' + b"x" * 3_000_000 + b'"}')

    with _hostile(huge) as served:
        r = _dialog(ServiceAgent(served.url, call_timeout_s=10, max_reply_bytes=100_000))
    assert r.termination == AGENT_ERROR
    assert "over 100000 bytes" in r.error and served.url in r.error
    assert len(served.bodies) == 1


def test_a_huge_streamed_reply_without_length_is_cut_off_too():
    async def drip(body, send):
        await send({"type": "http.response.start", "status": 200, "headers": [(b"content-type", b"application/json")]})
        for _ in range(50):
            await send({"type": "http.response.body", "body": b"x" * 65536, "more_body": True})
        await send({"type": "http.response.body", "body": b""})
        return True

    with _hostile(drip) as served:
        r = _dialog(ServiceAgent(served.url, call_timeout_s=10, max_reply_bytes=100_000))
    assert r.termination == AGENT_ERROR and "over 100000 bytes" in r.error


def test_wrong_schema_replies_are_the_agents_error_naming_what_was_expected():
    class Wrong(AskingAgent):
        def ask(self, dialog):
            return 42  # the adapter sends it as a number: not a question

    with a2a_service(lambda: Wrong(AgentContext())) as served:
        r = _dialog(ServiceAgent(served.url, call_timeout_s=10))
    assert r.termination == AGENT_ERROR and "'question' must be a non-empty string" in r.error
    assert len(served.bodies) == 1  # deterministic: never retried

    async def garbage(body, send):
        return await reply(send, 200, b"this is not json")

    with _hostile(garbage) as served:
        r = _dialog(ServiceAgent(served.url, call_timeout_s=10))
    assert r.termination == AGENT_ERROR and served.url in r.error


def test_verdicts_of_the_wrong_shape_fail_in_the_dialog_loop():
    class BadVerdicts(AskingAgent):
        def predict(self, dialog):
            return {"IDNYC": "yes"}

    with a2a_service(lambda: BadVerdicts(AgentContext())) as served:
        r = _dialog(ServiceAgent(served.url, call_timeout_s=10))
    assert r.termination == AGENT_ERROR and "missing ['SummerMeals']" in r.error


def test_disconnects_and_rate_limits_are_retried_within_limits():
    calls = {"n": 0}

    async def flaky(body, send):
        calls["n"] += 1
        if calls["n"] == 1:
            return await reply(send, 429, b"{}", headers=[(b"retry-after", b"0.1")])
        if calls["n"] == 2:
            raise RuntimeError("drop the connection")  # uvicorn closes it: a disconnect
        return False  # then the real service answers

    with _hostile(flaky) as served:
        r = _dialog(ServiceAgent(served.url, call_timeout_s=10, retries=2, backoff_s=0.05))
    assert r.termination == READY, r.error
    assert calls["n"] == 5  # start x3 (429, disconnect, ok), then two answers

    always = {"n": 0}

    async def limited(body, send):
        always["n"] += 1
        return await reply(send, 429, b"{}", headers=[(b"retry-after", b"0")])

    with _hostile(limited) as served:
        r = _dialog(ServiceAgent(served.url, call_timeout_s=10, retries=2, backoff_s=0.01))
    assert r.termination == AGENT_ERROR and "rate limited (HTTP 429)" in r.error and always["n"] == 3


def test_the_dialog_wall_budget_bounds_a_service_too():
    class Sleepy(AskingAgent):
        def ask(self, dialog):
            time.sleep(0.6)
            return super().ask(dialog)

    with a2a_service(lambda: Sleepy(AgentContext())) as served:
        r = _dialog(ServiceAgent(served.url, call_timeout_s=10, budget=DialogBudget(wall_s=1.0)))
    assert r.termination in (BUDGET_EXCEEDED, AGENT_ERROR) and r.predictions is None
    assert r.termination == BUDGET_EXCEEDED or "no reply within" in r.error


def test_a_card_pointing_elsewhere_or_nowhere_is_refused():
    import pytest

    with pytest.raises(ServiceUnreachable, match="could not be read"):
        fetch_card("http://127.0.0.1:9", timeout_s=2)
    with a2a_service(lambda: AskingAgent(AgentContext())) as served:
        card = fetch_card(served.url)
        assert [i.url for i in card.supported_interfaces] == [served.url + "/a2a"]
        other = served.url.replace("127.0.0.1", "localhost")
        with pytest.raises(ServiceUnreachable, match="names no JSON-RPC interface"):
            fetch_card(other)
