"""Issue 24: what an agent forwards to a shared model server is bounded, and a request that fails
is the agent's doing unless an outage is confirmed independently of it (jailed worker, real
subprocesses; the model servers are TEST STAND-IN HTTP servers except in the `model` test)."""
from __future__ import annotations

import http.server
import json
import threading
import time

import pytest

from eligibench.datasets.rows import Row
from eligibench.evaluation.hosting import MAX_ENUM, ProcessAgent, request_problem
from eligibench.evaluation.run import evaluate, run_dialog
from eligibench.evaluation.user import SimulatedUser
from eligibench.household.model import household
from eligibench.household.profile import render_profile
from eligibench.models import booleans
from eligibench.results.records import AGENT_ERROR, INFRA_ERROR, RunSpec
from eligibench.results.store import ResultStore
from tests.evaluation.doubles import ExtractiveUserModel
from tests.evaluation.plans import runner_plan
from tests.evaluation.test_agent_isolation import BRIEFS, PROFILE, project  # noqa: F401 - fixture

jailed = pytest.mark.needs_bwrap
BOMB = {"type": "string", "enum": [f"v{i}" for i in range(100_000)]}


@pytest.mark.parametrize("schema, bound", [
    (BOMB, "988918 bytes"),
    ({"type": "string", "enum": [f"v{i}" for i in range(MAX_ENUM + 1)]}, f"enum has {MAX_ENUM + 1} entries"),
    ({"anyOf": [{"const": i} for i in range(1000)]}, "anyOf has 1000 entries"),
    ({"type": "string", "description": "x" * 40_000}, "bytes"),
    ({"type": "object", "properties": {f"p{i}": {"type": "string"} for i in range(1000)}}, "nodes"),
    (json.loads('{"items":' * 20 + '{}' + '}' * 20), "nests deeper"),
    ({"type": "array", "minItems": 5000}, "minItems is 5000"),
    ({"type": "string", "pattern": "^a{0,100000}$"}, "pattern repeats {0,100000}"),
    ({"type": "string", "pattern": "(a|b)" * 200}, "pattern is 1000 characters"),
])
def test_schemas_over_a_bound_are_refused_naming_it(schema, bound):
    assert bound in request_problem([{"role": "user", "content": "hi"}], schema)


def test_what_the_harness_and_reference_agents_send_is_within_bounds():
    class Capture:  # TEST STAND-IN model: records the schema booleans() would send
        def chat(self, messages, json_schema=None, max_tokens=None):
            self.schema = json_schema
            raise RuntimeError("captured")

    cap = Capture()
    with pytest.raises(RuntimeError):
        booleans(cap, [{"role": "user", "content": "?"}], [f"opp_{i}" for i in range(100)])
    assert request_problem([{"role": "user", "content": "?" * 100_000}], cap.schema) is None
    assert "messages are" in request_problem([{"role": "user", "content": "x" * 2_000_000}], None)


class _StandIn:
    """TEST STAND-IN llama.cpp server: counts chat requests; `post_s` how long one takes;
    `busy_get` whether /models stalls while a chat request is in progress (one-slot server)."""

    def __init__(self, post_s: float = 0.0, busy_get: bool = False, get_stall_s: float = 0.0):
        self.posts, self.busy = 0, threading.Event()
        outer = self

        class Handler(http.server.BaseHTTPRequestHandler):
            def do_GET(self):
                if busy_get:
                    while outer.busy.is_set():
                        time.sleep(0.05)
                time.sleep(get_stall_s)
                body = json.dumps({"data": [{"id": "SmolLM2-135M-Instruct"}]}).encode()
                self.send_response(200)
                self.end_headers()
                self.wfile.write(body)

            def do_POST(self):
                outer.posts += 1
                outer.busy.set()
                try:
                    time.sleep(post_s)
                finally:
                    outer.busy.clear()
                self.send_response(500)
                self.end_headers()

            def log_message(self, *a):
                pass

        self.srv = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.srv.daemon_threads = True
        threading.Thread(target=self.srv.serve_forever, daemon=True).start()
        self.base_url = f"http://127.0.0.1:{self.srv.server_address[1]}/v1"


def _dialog(project, server, options: dict, timeout_s: float = 5, **kw):  # noqa: F811
    spec = {"backend": "embedded", "model": "SmolLM2-135M-Instruct", "base_url": server.base_url,
            "retries": 0, "timeout_s": timeout_s}
    agent = ProcessAgent(project / "submissions" / "hostile", "agent:GrammarBomb", {"dialog": spec}, 0, options,
                         cwd=project, call_timeout_s=30, **kw)
    try:
        return run_dialog(agent, SimulatedUser(ExtractiveUserModel(), PROFILE), BRIEFS, {"A": True, "B": False}, "h1", "diverse")
    finally:
        agent.close()
        server.srv.shutdown()


@jailed
@pytest.mark.parametrize("shape", ["enum", "deep", "repeat"])
def test_a_grammar_bomb_is_the_agents_error_and_never_sent(project, shape):  # noqa: F811
    server = _StandIn()
    r = _dialog(project, server, {"shape": shape})
    assert r.termination == AGENT_ERROR and "request refused by the harness" in r.error, r.error
    assert server.posts == 0


@jailed
def test_a_timeout_on_the_agents_request_counts_against_the_agent(project):  # noqa: F811
    """The server is busy with the agent's request (its /models waits for it), the request times
    out, the server then answers a probe: the agent's doing, not an outage."""
    server = _StandIn(post_s=4, busy_get=True)
    r = _dialog(project, server, {"shape": "small"}, timeout_s=1)
    assert r.termination == AGENT_ERROR and "could not serve this request" in r.error, r.error


@jailed
def test_a_server_silent_for_the_whole_window_is_an_outage(project):  # noqa: F811
    server = _StandIn(post_s=4, get_stall_s=30)
    r = _dialog(project, server, {"shape": "small"}, timeout_s=1, outage_confirm_s=2)
    assert r.termination == INFRA_ERROR, r.error


@jailed
@pytest.mark.model
def test_grammar_bomb_run_ends_done_and_a_concurrent_caller_is_not_stalled(project, server):  # noqa: F811
    """The bomb through the official dialog loop, default timeouts, the real llama.cpp server; a
    second caller of the same server meanwhile. Bound: 30 s for an 8-token answer (it takes
    ~1 s on 2 shared cores; the unbounded bomb stalled it for over 11 minutes)."""
    from eligibench.models import ModelSpec, make_model

    hh = household({"name": "Ana Ruiz", "age": 34})
    rows = {"diverse": [Row(f"r{i:03d}", "diverse", hh, ("A",), (True,), ("t",), render_profile(hh).text, "", "v")
                        for i in range(3)]}
    plan = runner_plan(RunSpec("bomb", {}, "test-user", {}, "v", ("diverse",)), rows, {"A": BRIEFS[0]}, 48,
                   concurrency=1, infra_retries=1, bootstrap=20)
    spec = ModelSpec("embedded", "SmolLM2-135M-Instruct", base_url=server.base_url)
    store = ResultStore(project / "bomb.duckdb")
    latencies: list[float] = []
    stop = threading.Event()

    def other_caller():
        with make_model(spec) as m:
            while not stop.is_set():
                t0 = time.monotonic()
                m.chat([{"role": "user", "content": "Say hi."}], max_tokens=8)
                latencies.append(time.monotonic() - t0)

    t = threading.Thread(target=other_caller, daemon=True)
    t.start()
    try:
        run_id = evaluate(*plan, store, lambda: ProcessAgent(project / "submissions" / "hostile", "agent:GrammarBomb",
                                                            {"dialog": spec}, 0, {}, cwd=project), ExtractiveUserModel())
    finally:
        stop.set()
        t.join(timeout=120)
    run = next(r for r in store.runs() if r["run_id"] == run_id)
    results = store.dialog_results(run_id)
    assert run["status"] == "done"
    assert len(results) == 3 and all(r.termination == AGENT_ERROR and "refused" in r.error for r in results)
    assert latencies and max(latencies) < 30, latencies
