"""Where the evaluator may send a service's traffic (hosting.url_policy): every run refuses a URL
that would fetch another resource (query, fragment, credentials, odd path); the operator's worker
also refuses hosts resolving to loopback, private, link-local or its own addresses, at the check
and again at connect time (pinned to the checked address), unless params.yaml services.allow
names them. Real loopback services; 10.x is written literally and never connected to."""
from __future__ import annotations

import re
import socket

import pytest

from eligibench.evaluation.hosting import AgentContext, ServiceAgent, ServiceUnreachable, fetch_card
from eligibench.evaluation.hosting.url_policy import (
    ServiceAddressRefused,
    ServicePolicy,
    ServiceURLError,
    check_url_shape,
    enforced,
    policy_from_params,
)
from eligibench.results import AGENT_ERROR, READY
from tests.evaluation.service.asking_agent import AskingAgent
from tests.evaluation.service.servers import a2a_service, free_port
from tests.evaluation.service.test_service_dialogs import _dialog


@pytest.mark.parametrize("url, problem", [
    ("http://127.0.0.1:8000/gradio_api/info?", "a query"),
    ("http://127.0.0.1:8000/a2a?x=1", "a query"),
    ("http://127.0.0.1:8000/#frag", "a fragment"),
    ("http://user:pw@127.0.0.1:8000", "user name or password"),
    ("http://127.0.0.1:99999", "port"),
    ("http://127.0.0.1:8000/a/../b", "no '..'"),
    ("http://127.0.0.1:8000/a%2e%2e/b", "no '..', no %-escapes"),
    ("file:///etc/passwd", "expected http:// or https://"),
    ("http://127.0.0.1 :8000", "without spaces"),
])
def test_a_url_that_would_fetch_something_else_is_refused(url, problem):
    with pytest.raises(ServiceURLError, match=problem.replace("(", r"\(").replace(".", r"\.")):
        check_url_shape(url)


def test_plain_urls_pass_the_shape_check():
    assert check_url_shape("http://127.0.0.1:8000/") == "http://127.0.0.1:8000"
    assert check_url_shape("https://agents.example.org/benyfits/v1") == "https://agents.example.org/benyfits/v1"


def test_the_gradio_api_url_is_refused_before_any_fetch():
    """The attack: --agent-url 'http://127.0.0.1:PORT/gradio_api/info?' fetched the board's API page."""
    with pytest.raises(ServiceUnreachable, match="a query"):
        fetch_card("http://127.0.0.1:9/gradio_api/info?", 2)


def _policy(addresses: dict[str, list[str]], allow: tuple[str, ...] = ()) -> ServicePolicy:
    return ServicePolicy(allow, resolver=lambda host, port: addresses.get(host, [host]))


@pytest.mark.parametrize("host, why", [
    ("127.0.0.1", "a loopback address"), ("10.1.2.3", "a private address"), ("::1", "a loopback address"),
    ("169.254.169.254", "a link-local address"), ("0.0.0.0", "an unspecified address"),
    ("224.0.0.1", "a multicast address"), ("192.168.0.10", "a private address"),
    ("100.64.0.1", "an address that is not globally routable"), ("::ffff:127.0.0.1", "a loopback address"),
    ("fe80::1", "a link-local address"),
])
def test_the_worker_refuses_the_operators_network_written_literally(host, why):
    """Checked without connecting: no packet goes to 10.x or anywhere else. The message names the
    host and what its address is, with its article ("an unspecified address", not "a unspecified")."""
    with pytest.raises(ServiceAddressRefused, match=rf"^agent service host {re.escape(host)} is {why}: "):
        ServicePolicy(resolver=lambda h, p: [h]).checked_addresses(host, 80)


def test_a_name_is_refused_if_any_of_its_addresses_is():
    policy = _policy({"mixed.example": ["93.184.216.34", "10.0.0.7"]})
    with pytest.raises(ServiceAddressRefused, match=r"'mixed.example' \(10.0.0.7\) is a private address"):
        policy.checked_addresses("mixed.example", 443)
    assert _policy({"public.example": ["93.184.216.34"]}).checked_addresses("public.example", 443) == ["93.184.216.34"]


def test_localhost_resolves_to_loopback_and_is_refused():
    with pytest.raises(ServiceAddressRefused, match="loopback"):
        ServicePolicy().checked_addresses("localhost", 80)  # the real resolver


def test_the_workers_own_address_is_refused(monkeypatch):
    from eligibench.evaluation.hosting import url_policy

    monkeypatch.setattr(url_policy, "own_addresses", lambda: {__import__("ipaddress").ip_address("93.184.216.34")})
    with pytest.raises(ServiceAddressRefused, match="this worker's own addresses"):
        _policy({"me.example": ["93.184.216.34"]}).checked_addresses("me.example", 80)


def test_the_allow_list_lets_the_operators_services_through():
    assert _policy({}, ("10.0.0.0/8",)).checked_addresses("10.1.2.3", 80) == ["10.1.2.3"]
    assert _policy({"svc.internal": ["10.0.0.5"]}, ("svc.internal:8080",)).checked_addresses("svc.internal", 8080)
    with pytest.raises(ServiceAddressRefused):  # another port of an allowed host:port is not allowed
        _policy({"svc.internal": ["10.0.0.5"]}, ("svc.internal:8080",)).checked_addresses("svc.internal", 8081)
    got = policy_from_params({"services": {"allow": ["127.0.0.1", "10.0.0.0/8"]}})
    assert got.allow == ("127.0.0.1", "10.0.0.0/8")
    with pytest.raises(ServiceURLError, match="services.allow"):
        policy_from_params({"services": {"allow": "127.0.0.1"}})


def test_a_development_run_reaches_a_loopback_service():
    with a2a_service(lambda: AskingAgent(AgentContext())) as served:
        r = _dialog(ServiceAgent(served.url, call_timeout_s=10))
    assert r.termination == READY, r.error


def test_the_worker_refuses_a_real_loopback_service_and_sends_it_nothing():
    with a2a_service(lambda: AskingAgent(AgentContext())) as served:
        with enforced(ServicePolicy()), pytest.raises(ServiceUnreachable, match="loopback"):
            fetch_card(served.url, 5)
        with enforced(ServicePolicy()):
            r = _dialog(ServiceAgent(served.url, call_timeout_s=5, retries=0))
    assert r.termination == AGENT_ERROR and "loopback" in (r.error or "")
    assert served.bodies == []  # not one message reached it


def test_the_worker_refuses_localhost_and_ipv6_loopback():
    port = free_port()
    with enforced(ServicePolicy()):
        for url in (f"http://localhost:{port}", f"http://[::1]:{port}"):
            with pytest.raises(ServiceUnreachable, match="loopback"):
                fetch_card(url, 2)


def test_the_allow_list_lets_a_real_loopback_service_through():
    with a2a_service(lambda: AskingAgent(AgentContext())) as served:
        with enforced(ServicePolicy(("127.0.0.1",))):
            r = _dialog(ServiceAgent(served.url, call_timeout_s=10))
    assert r.termination == READY, r.error


def test_rebinding_is_caught_at_connect_time():
    """A name that resolves to a public address at the check and to loopback at connect time
    (DNS rebinding) never gets a connection: the connect-time check refuses it."""
    answers = iter([["93.184.216.34"], ["127.0.0.1"]])
    with a2a_service(lambda: AskingAgent(AgentContext())) as served:
        port = int(served.url.rsplit(":", 1)[1])
        policy = ServicePolicy(resolver=lambda host, p: next(answers, ["127.0.0.1"]))
        with enforced(policy), pytest.raises(ServiceUnreachable, match="loopback"):
            fetch_card(f"http://rebind.example:{port}", 5)
    assert served.bodies == []


def test_the_connection_goes_to_the_checked_address():
    """Pinned: the name is resolved once, by the policy, and the socket connects to that address."""
    import asyncio

    import httpx

    from eligibench.evaluation.hosting.url_policy import guarded_transport

    asked = []

    def resolver(host, p):
        asked.append(host)
        return ["127.0.0.1"]

    async def get(url):
        async with httpx.AsyncClient(transport=guarded_transport(), timeout=5) as client:
            return await client.get(url)

    with a2a_service(lambda: AskingAgent(AgentContext())) as served:
        port = int(served.url.rsplit(":", 1)[1])
        # allow-listed by address: the unresolvable name reaches the service only through the policy's answer
        with enforced(ServicePolicy(("127.0.0.1",), resolver=resolver)):
            got = asyncio.run(get(f"http://pinned.invalid:{port}/.well-known/agent-card.json"))
    assert got.status_code == 200 and asked == ["pinned.invalid"]
    with pytest.raises(socket.gaierror):
        socket.getaddrinfo("pinned.invalid", port)  # the system resolver could not have found it


def test_the_queue_worker_fails_a_loopback_service_submission_without_reaching_it(tmp_path):
    """The worker itself (process_one), not only the policy: a queued service on 127.0.0.1 fails
    with the address rule named, and the service hears nothing; the operator's allow-list is read
    from params.yaml services.allow."""
    from eligibench.cli.submit import _service_policy
    from eligibench.evaluation.hosting import write_service_manifest
    from eligibench.evaluation.intake.queue_worker import process_one
    from eligibench.evaluation.run import load_config
    from eligibench.results import ResultStore
    from tests.evaluation.reference_project import make_reference_project

    project = make_reference_project(tmp_path / "p", agents=("random",), dataset=False)
    store = ResultStore(tmp_path / "q.duckdb")
    with a2a_service(lambda: AskingAgent(AgentContext())) as served:
        folder = project / "submissions" / "svc"
        write_service_manifest(folder, "svc", served.url)
        store.enqueue("svc", str(folder))
        logs: list[str] = []
        assert process_one(store, load_config(project), project, True, logs.append, "w1",
                           policy=_service_policy(project, None))
        [entry] = store.queue()
        assert entry["status"] == "failed" and "is a loopback address" in entry["error"], entry
        assert "services.allow" in entry["error"] and served.bodies == []
    (project / "params.yaml").write_text((project / "params.yaml").read_text() + "\nservices:\n  allow: [127.0.0.1]\n")
    assert _service_policy(project, None).allow == ("127.0.0.1",)


def test_a_ray_task_enforces_the_drivers_rule_in_its_own_process():
    """The Ray executor's tasks run in other processes, where the worker's rule was not active: a
    service's connections there (its card, each message, a rebinding name) went unchecked. The
    task now enforces the rule the driver had (executors.run_batch_under), and none when it had none."""
    from contextlib import contextmanager

    from eligibench.evaluation.hosting import active
    from eligibench.evaluation.run.executors import run_batch_under

    seen = []

    class Kit:
        def make_agent(self, trial):
            raise AssertionError("an empty batch makes no agent")

        @contextmanager
        def user_models(self, trials):
            seen.append(active())  # what a dialog of the batch would connect under
            yield {}

    policy = ServicePolicy(("10.1.2.3",))
    assert run_batch_under(policy, Kit(), None, []) == [] and run_batch_under(None, Kit(), None, []) == []
    assert seen == [policy, None] and active() is None


def test_the_ray_executor_hands_each_task_the_rule_active_on_the_driver():
    """RayExecutor._run with a stand-in for the ray module: every task is sent the driver's policy."""
    from eligibench.evaluation.run import ExecutorConfig, RayExecutor

    sent = []

    class Task:
        def options(self, **kw):
            return self

        def remote(self, kit, run, batch, *rest):
            sent.append(rest)
            return len(sent)  # the task's ref

    class Ray:
        class exceptions:
            RayError = RuntimeError

        remote = staticmethod(lambda fn: Task())
        put = staticmethod(lambda obj: obj)
        wait = staticmethod(lambda refs, num_returns: (refs[:1], refs[1:]))
        get = staticmethod(lambda ref: ("node", []))
        cancel = staticmethod(lambda ref, force: None)

    policy = ServicePolicy(("10.1.2.3",))
    with enforced(policy):
        RayExecutor(object(), ExecutorConfig(kind="ray"))._run(Ray(), None, [("diverse", None, 0)], lambda r: None)
    RayExecutor(object(), ExecutorConfig(kind="ray"))._run(Ray(), None, [("diverse", None, 0)], lambda r: None)
    assert sent == [(policy,), (None,)]
