"""Issue 13: hostile agents, one per attack class, run in the real jailed worker (bubblewrap);
each attack is asserted contained. The agents are in `tests/evaluation/hostile/agent.py`."""
from __future__ import annotations

import hashlib
import json
import os
import random
import shutil
import socket
import time
from pathlib import Path

import duckdb
import pyarrow as pa
import pyarrow.parquet as pq
import pytest

import eligibench
from eligibench import jail
from eligibench.evaluation.hosting import AgentFault, Dialog, DialogBudget, OpportunityBrief, ProcessAgent
from eligibench.evaluation.run import run_dialog
from eligibench.evaluation.user import SimulatedUser
from eligibench.results.records import AGENT_ERROR, BUDGET_EXCEEDED, INFRA_ERROR
from tests.evaluation.doubles import ExtractiveUserModel

ROOT = Path(__file__).resolve().parents[2]
HOSTILE = Path(__file__).resolve().parent / "hostile"
SECRET = "LABELS-SECRET-7f3a"
SEED = "sealed-seed-value-91c2"
BRIEFS = (OpportunityBrief("A", "Opportunity A", "Anyone."), OpportunityBrief("B", "Opportunity B", "Nobody."))
PROFILE = "Household profile: You are 40 years old. You live alone."

# Every test runs an agent in the jail, but the one that shows what happens without it.
jailed = pytest.mark.needs_bwrap


def _sha(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


@pytest.fixture()
def project(tmp_path, monkeypatch):
    """A project folder holding hidden data, a live results store and two submissions."""
    monkeypatch.setenv("BENYFITS_SEALED_SEED", SEED)
    p = tmp_path / "project"
    (p / "benyfits").mkdir(parents=True)
    (p / "benyfits" / "labels.txt").write_text(SECRET)
    pq.write_table(pa.table({"id": ["h1"], "labels": [SECRET]}), p / "benyfits" / "diverse.parquet")
    (p / ".dvc" / "cache").mkdir(parents=True)
    (p / ".dvc" / "cache" / "ab12").write_text(SECRET)
    (p / "results").mkdir()
    con = duckdb.connect(str(p / "results" / "benyfits.duckdb"))
    con.execute("create table runs (run_id varchar, status varchar)")
    con.execute("insert into runs values ('r1', 'done')")
    con.close()
    shutil.copytree(HOSTILE, p / "submissions" / "hostile", ignore=shutil.ignore_patterns("__pycache__"))
    (p / "submissions" / "other").mkdir()
    (p / "submissions" / "other" / "agent.py").write_text("# another team's agent\n")
    (p / "generated" / "hostile").mkdir(parents=True)
    return p


def _agent(project: Path, cls: str, options: dict | None = None, **kw) -> ProcessAgent:
    kw.setdefault("call_timeout_s", 30)
    return ProcessAgent(project / "submissions" / "hostile", f"agent:{cls}", {}, 0, options or {},
                        read_only=[project / "generated" / "hostile"], cwd=project, **kw)


def _targets(project: Path) -> dict:
    return {"secret_file": str(project / "benyfits" / "labels.txt"), "parquet": str(project / "benyfits" / "diverse.parquet"),
            "store": str(project / "results" / "benyfits.duckdb"),
            "other_copies": [str(project / ".dvc" / "cache" / "ab12"), str(ROOT / "data"), "/work/main/data",
                             str(project / "benyfits")],
            "host_pid": os.getpid(),
            "harness_file": str(Path(eligibench.__file__)),
            "other_submission_file": str(project / "submissions" / "other" / "agent.py"),
            "own_file": str(project / "submissions" / "hostile" / "agent.py")}


def _ask(agent: ProcessAgent) -> dict:
    try:
        agent.start(BRIEFS)
        return json.loads(agent.ask(Dialog(BRIEFS)))
    finally:
        agent.close()


@jailed
def test_hidden_files_unreachable_by_every_route(project):
    report = _ask(_agent(project, "ReadHidden", {"targets": _targets(project)}))
    print(json.dumps(report, indent=1))
    assert set(report) >= {"open", "os_open_dir_fd", "hard_link", "ctypes", "monkeypatch_hook", "pyarrow", "duckdb",
                           "environ", "planted_child", "other_copy_0", "other_copy_1", "other_copy_2"}
    leaked = {k: v for k, v in report.items() if not v.startswith("denied")}
    assert not leaked, leaked
    assert SECRET not in json.dumps(report) and SEED not in json.dumps(report)


@jailed
def test_store_harness_and_other_submissions_are_read_only(project):
    t = _targets(project)
    watched = [Path(t[k]) for k in ("store", "harness_file", "other_submission_file", "own_file")]
    before = {p: _sha(p) for p in watched}
    report = _ask(_agent(project, "WriteEverywhere", {"targets": t}))
    print(report)
    assert report.pop("tmp").startswith("got")  # its private /tmp works
    assert all(v.startswith("denied") for v in report.values()), report
    assert {p: _sha(p) for p in watched} == before
    assert duckdb.connect(t["store"], read_only=True).sql("select status from runs").fetchall() == [("done",)]
    assert not (Path("/tmp") / "scratch").exists() or (Path("/tmp") / "scratch").read_text() != "private tmp works"


@jailed
def test_no_network_not_even_the_hosts_loopback(project):
    listener = socket.socket()
    listener.bind(("127.0.0.1", 0))
    listener.listen()
    listener.settimeout(0.1)
    try:
        report = _ask(_agent(project, "Network", {"targets": {"host_port": listener.getsockname()[1]}}))
        with pytest.raises(socket.timeout):
            listener.accept()
    finally:
        listener.close()
    print(report)
    assert all(v.startswith("denied") for v in report.values()), report


@jailed
@pytest.mark.parametrize("real_class", [False, True])
def test_agent_raised_model_unavailable_is_an_agent_error(project, real_class):
    agent = _agent(project, "SpoofInfra", {"real_class": real_class})
    try:
        r = run_dialog(agent, SimulatedUser(ExtractiveUserModel(), PROFILE), BRIEFS, {"A": True, "B": False}, "h1", "diverse")
    finally:
        agent.close()
    assert r.termination == AGENT_ERROR and "ModelUnavailable" in r.error and r.scored


@jailed
def test_flood_without_newline_is_cut_at_the_message_limit(project):
    agent = _agent(project, "Flood", {"mb": 256}, max_message_bytes=2 << 20)
    t0 = time.monotonic()
    with pytest.raises(AgentFault, match="over 2097152 bytes"):
        _ask(agent)
    assert time.monotonic() - t0 < 20
    assert agent.child is None  # killed; the bound on what was buffered: tests/test_jail.py


@jailed
def test_half_written_line_times_out(project):
    agent = _agent(project, "HalfWrite", call_timeout_s=2)
    t0 = time.monotonic()
    with pytest.raises(AgentFault, match="timed out after 2 s"):
        _ask(agent)
    assert time.monotonic() - t0 < 8


@jailed
def test_sleep_in_init_is_under_the_call_timeout(project):
    agent = _agent(project, "SleepInInit", call_timeout_s=2)
    t0 = time.monotonic()
    with pytest.raises(AgentFault, match="init timed out after 2 s"):
        agent.start(BRIEFS)
    agent.close()
    assert time.monotonic() - t0 < 8


def _alive_with(marker: str) -> list[int]:
    found = []
    for d in Path("/proc").iterdir():
        if d.name.isdigit():
            try:
                if marker.encode() in (d / "cmdline").read_bytes():
                    found.append(int(d.name))
            except OSError:
                pass
    return found


@jailed
def test_fork_bomb_is_capped_and_nothing_survives_the_worker(project):
    marker = f"{random.randint(100000, 999999)}.25"
    agent = _agent(project, "ForkBomb", {"marker": marker, "forks": 2000}, processes=32)
    agent.start(BRIEFS)
    report = json.loads(agent.ask(Dialog(BRIEFS)))
    print(report)
    assert report["forked"] < 32 and "Resource temporarily unavailable" in report["stopped_by"]
    assert _alive_with(marker)  # the detached grandchild runs while the worker lives
    agent.close()
    deadline = time.time() + 10
    while _alive_with(marker) and time.time() < deadline:
        time.sleep(0.2)
    assert not _alive_with(marker)


@jailed
def test_kill_9_of_the_host_leaves_no_jailed_process(project, tmp_path):
    """The host process is SIGKILLed: bwrap's --die-with-parent takes the whole pid namespace down."""
    import subprocess
    import sys

    marker = f"{random.randint(100000, 999999)}.75"
    script = (f"import json, sys\nsys.path.insert(0, {str(ROOT)!r})\n"
              "from pathlib import Path\nfrom tests.evaluation.test_agent_isolation import _agent, BRIEFS\n"
              "from eligibench.evaluation.hosting.types import Dialog\n"
              f"a = _agent(Path({str(project)!r}), 'ForkBomb', {{'marker': {marker!r}, 'forks': 3}})\n"
              "a.start(BRIEFS)\nprint(a.ask(Dialog(BRIEFS)), flush=True)\nimport time\ntime.sleep(600)\n")
    host = subprocess.Popen([sys.executable, "-c", script], stdout=subprocess.PIPE, text=True, cwd=ROOT,
                            env={**os.environ, "PYTHONPATH": str(ROOT)})
    try:
        line = host.stdout.readline()
        assert json.loads(line)["forked"] == 3
        assert _alive_with(marker)
    finally:
        host.kill()
        host.wait()
    deadline = time.time() + 10
    while _alive_with(marker) and time.time() < deadline:
        time.sleep(0.2)
    assert not _alive_with(marker)


@jailed
def test_dialog_wall_budget_ends_the_dialog(project):
    agent = _agent(project, "SlowDialog", budget=DialogBudget(wall_s=3), call_timeout_s=30)
    t0 = time.monotonic()
    try:
        r = run_dialog(agent, SimulatedUser(ExtractiveUserModel(), PROFILE), BRIEFS, {"A": True, "B": False}, "h1", "diverse")
    finally:
        agent.close()
    assert r.termination == BUDGET_EXCEEDED and "wall time" in r.error and r.scored
    assert time.monotonic() - t0 < 10


@jailed
def test_host_model_outage_is_infrastructure_and_only_that(project):
    """The role's endpoint is down (a closed port): the host's own ModelUnavailable makes the
    dialog an infrastructure error, whatever the agent does with the error it gets."""
    s = socket.socket()
    s.bind(("127.0.0.1", 0))
    port = s.getsockname()[1]
    s.close()
    spec = {"backend": "embedded", "model": "SmolLM2-135M-Instruct", "base_url": f"http://127.0.0.1:{port}/v1",
            "retries": 0, "timeout_s": 2}
    agent = ProcessAgent(project / "submissions" / "hostile", "agent:ModelCaller", {"dialog": spec}, 0, {},
                         cwd=project, call_timeout_s=30)
    try:
        r = run_dialog(agent, SimulatedUser(ExtractiveUserModel(), PROFILE), BRIEFS, {"A": True, "B": False}, "h1", "diverse")
    finally:
        agent.close()
    assert r.termination == INFRA_ERROR and "ModelUnavailable" in r.error


@jailed
def test_model_calls_go_through_the_host_and_usage_is_measured(project, server):
    spec = {"backend": "embedded", "model": "SmolLM2-135M-Instruct", "base_url": server.base_url, "max_tokens": 8}
    agent = ProcessAgent(project / "submissions" / "hostile", "agent:ModelCaller", {"dialog": spec}, 0,
                         {"questions": 1}, cwd=project, call_timeout_s=120)
    try:
        r = run_dialog(agent, SimulatedUser(ExtractiveUserModel(), PROFILE), BRIEFS, {"A": True, "B": False}, "h1", "diverse")
    finally:
        agent.close()
    assert r.termination == "ready", r.error
    assert r.agent_calls == 3 and 0 < r.agent_prompt_tokens < 10_000  # 2 ready + 1 ask, not 10**30
    budgeted = ProcessAgent(project / "submissions" / "hostile", "agent:ModelCaller", {"dialog": spec}, 0,
                            {"questions": 5}, cwd=project, call_timeout_s=120, budget=DialogBudget(calls=2))
    try:
        r = run_dialog(budgeted, SimulatedUser(ExtractiveUserModel(), PROFILE), BRIEFS, {"A": True, "B": False}, "h1", "diverse")
    finally:
        budgeted.close()
    assert r.termination == BUDGET_EXCEEDED and "2 model calls" in r.error


def test_without_bubblewrap_untrusted_agents_are_refused(project, monkeypatch):
    monkeypatch.setenv("BENYFITS_BWRAP", "/nonexistent/bwrap")
    with pytest.raises(jail.IsolationUnavailable, match="Debian package `bubblewrap`"):
        _agent(project, "SpoofInfra")
    trusted = _agent(project, "SpoofInfra", trusted=True)  # reference agents, when told they are trusted
    try:
        trusted.start(BRIEFS)
        assert trusted.ready(Dialog(BRIEFS)) is True
        assert not trusted.jailed
    finally:
        trusted.close()


@jailed
def test_the_proada_sandbox_works_inside_the_jail(project):
    report = _ask(_agent(project, "UsesSandbox"))
    assert report == {"value": 42, "missing": "missing_key", "key": "y"}


@jailed
def test_a_request_that_fails_a_healthy_server_is_not_an_outage(project):
    """TEST STAND-IN server: healthy (/v1/models answers) but every chat request fails with 500,
    as a crafted schema or prompt could make a real server do. The agent must not launder that."""
    import http.server
    import threading

    class Handler(http.server.BaseHTTPRequestHandler):
        def do_GET(self):
            body = json.dumps({"data": [{"id": "SmolLM2-135M-Instruct"}]}).encode()
            self.send_response(200)
            self.end_headers()
            self.wfile.write(body)

        def do_POST(self):
            self.send_response(500)
            self.end_headers()
            self.wfile.write(b'{"error": "crashed on this request"}')

        def log_message(self, *a):
            pass

    srv = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    threading.Thread(target=srv.serve_forever, daemon=True).start()
    spec = {"backend": "embedded", "model": "SmolLM2-135M-Instruct",
            "base_url": f"http://127.0.0.1:{srv.server_address[1]}/v1", "retries": 0, "timeout_s": 5}
    agent = ProcessAgent(project / "submissions" / "hostile", "agent:ModelCaller", {"dialog": spec}, 0, {},
                         cwd=project, call_timeout_s=30)
    try:
        r = run_dialog(agent, SimulatedUser(ExtractiveUserModel(), PROFILE), BRIEFS, {"A": True, "B": False}, "h1", "diverse")
    finally:
        agent.close()
        srv.shutdown()
    assert r.termination == AGENT_ERROR and "could not serve this request" in r.error


@jailed
def test_a_jail_that_cannot_start_is_infrastructure_not_the_agents_fault(project, monkeypatch):
    real = jail.jail_command
    monkeypatch.setattr(jail, "jail_command", lambda argv, jail, bwrap=None: real(argv, jail, bwrap)[:1]
                        + ["--ro-bind", "/nonexistent-for-the-test", "/x"] + real(argv, jail, bwrap)[1:])
    agent = _agent(project, "SpoofInfra")
    try:
        r = run_dialog(agent, SimulatedUser(ExtractiveUserModel(), PROFILE), BRIEFS, {"A": True, "B": False}, "h1", "diverse")
    finally:
        agent.close()
    assert r.termination == INFRA_ERROR and "bubblewrap" in r.error and not r.scored


@jailed
def test_stderr_flood_is_capped(project):
    agent = _agent(project, "StderrFlood", call_timeout_s=60)
    with pytest.raises(AgentFault, match="File too large"):  # RLIMIT_FSIZE: 64 MB, then EFBIG
        _ask(agent)


@jailed
def test_memory_limit_holds_in_the_jail(project):
    agent = _agent(project, "MemoryHog", memory_mb=1024)
    with pytest.raises(AgentFault, match="MemoryError|died during ask"):
        _ask(agent)


@jailed
def test_deeply_nested_reply_is_a_protocol_error_not_a_host_crash(project):
    with pytest.raises(AgentFault, match="malformed message"):
        _ask(_agent(project, "DeepReply"))


def _descendants(root: int) -> dict[int, str]:
    """pid -> start time of every live descendant of `root` (host pids, jailed ones included)."""
    parent, start = {}, {}
    for d in Path("/proc").iterdir():
        if d.name.isdigit():
            try:
                fields = (d / "stat").read_text().rsplit(")", 1)[1].split()
            except OSError:
                continue
            if fields[0] != "Z":
                parent[int(d.name)], start[int(d.name)] = int(fields[1]), fields[19]
    out, todo = {}, [root]
    while todo:
        p = todo.pop()
        for child, par in parent.items():
            if par == p and child not in out:
                out[child] = start[child]
                todo.append(child)
    return out


def _still_alive(procs: dict[int, str]) -> list[int]:
    alive = []
    for pid, started in procs.items():
        try:
            fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        if fields[19] == started and fields[0] != "Z":
            alive.append(pid)
    return alive


@jailed
@pytest.mark.model
def test_kill_9_of_an_evaluation_leaves_no_process_behind(tmp_path):
    """A real `run_submission`: llama.cpp simulator server under its lifeline, the jailed agent with
    a detached grandchild. SIGKILL the harness: every process it started must be gone."""
    import subprocess
    import sys

    marker = f"{random.randint(100000, 999999)}.125"
    harness = subprocess.Popen([sys.executable, "-m", "tests.evaluation.run_evaluate_for_kill", str(tmp_path)],
                               cwd=ROOT, env={**os.environ, "PYTHONPATH": str(ROOT), "MARKER": marker},
                               stdout=subprocess.DEVNULL)
    procs: dict[int, str] = {}
    try:
        deadline = time.time() + 240
        while not _alive_with(marker) and time.time() < deadline:
            assert harness.poll() is None, "the evaluation ended early"
            time.sleep(0.5)
        assert _alive_with(marker), "the agent never started"
        procs = _descendants(harness.pid)
        cmdlines = " ".join(Path(f"/proc/{p}/cmdline").read_bytes().decode(errors="replace") for p in procs
                            if Path(f"/proc/{p}/cmdline").exists())
        assert "eligibench.models.llama_server" in cmdlines and "bwrap" in cmdlines and "lifeline" in cmdlines
    finally:
        harness.kill()
        harness.wait()
    deadline = time.time() + 20
    while _still_alive(procs) and time.time() < deadline:
        time.sleep(0.3)
    left = _still_alive(procs)
    for pid in left:
        os.kill(pid, 9)
    assert not left and not _alive_with(marker)
