"""A hanging agent in `benyfits evaluate`, as real subprocesses: `--call-timeout` ends the call as
the agent's error and is recorded in the run's settings; a heartbeat line says what is being waited
for; Ctrl-C (SIGINT) and a kill (SIGTERM) leave the run `incomplete`, never `running`; and a run
whose process was killed outright (SIGKILL) reads `incomplete` on the next open."""
from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

from eligibench.results import ResultStore
from tests.evaluation.reference_project import ROOT, make_reference_project, run

HANGER = '''import time

from eligibench.evaluation.hosting import Agent


class Hanger(Agent):
    """Asks its first question only after an hour: a hung agent."""

    def start(self, opportunities):
        self.ids = [o.id for o in opportunities]

    def ready(self, dialog):
        return False

    def ask(self, dialog):
        time.sleep(3600)
        return "How old are you?"

    def predict(self, dialog):
        return {i: True for i in self.ids}
'''

pytestmark = pytest.mark.needs_bwrap  # a development agent from outside the repository runs jailed


@pytest.fixture(scope="module")
def proj(tmp_path_factory) -> Path:
    p = make_reference_project(tmp_path_factory.mktemp("hang") / "proj", agents=("random",))
    (p / "hanger").mkdir()
    (p / "hanger" / "agent.py").write_text(HANGER)
    (p / "hanger" / "manifest.yaml").write_text("name: hanger\nstrategy: hangs\nauthors: [Tester]\n"
                                                 "entry_point: agent:Hanger\nmodels: {}\nlicense: MIT\n")
    return p


def _env() -> dict[str, str]:
    from eligibench import system

    return {"BENYFITS_BWRAP": str(system.bwrap_path()), "BENYFITS_HEARTBEAT_S": "1"}


def _runs(proj: Path) -> list[dict]:
    return [r for r in ResultStore(proj / "results" / "local.duckdb").runs() if r["submission"] == "hanger"]


def test_call_timeout_ends_the_hung_call_as_an_agent_error_with_a_heartbeat(proj):
    r = run(["-m", "eligibench.cli", "evaluate", "hanger", "--households", "1", "--max-questions", "2",
             "--call-timeout", "3", "--allow-agent-errors", "--json"], proj, timeout=240, **_env())
    assert r.returncode == 0, r.stderr[-3000:]
    summary = json.loads(r.stdout)
    assert summary["terminations"] == {"agent_error": 2}, summary["terminations"]
    assert "still waiting for the agent: " in r.stderr and "(ask, household " in r.stderr, r.stderr[-2000:]
    (stored,) = [x for x in _runs(proj) if x["run_id"] == summary["run_id"]]
    assert stored["params"]["call_timeout_s"] == 3 and stored["status"] == "done"
    errors = {d.error for d in ResultStore(proj / "results" / "local.duckdb").dialog_results(summary["run_id"])}
    assert all("timed out after 3 s" in e for e in errors), errors
    assert r.seconds < 120


def _start(proj: Path, timeout_s: str) -> tuple[subprocess.Popen, list[str]]:
    """`benyfits evaluate` on the hung agent, returned once its heartbeat shows the call hanging."""
    env = {**os.environ, "PYTHONPATH": str(ROOT), **_env()}
    p = subprocess.Popen([sys.executable, "-m", "eligibench.cli", "evaluate", "hanger", "--households", "1",
                          "--call-timeout", timeout_s], cwd=proj, env=env, stdout=subprocess.PIPE,
                         stderr=subprocess.PIPE, text=True)
    lines: list[str] = []
    seen = threading.Event()

    def read() -> None:
        for line in p.stderr:
            lines.append(line)
            if "still waiting for the agent" in line:
                seen.set()

    threading.Thread(target=read, daemon=True).start()
    if not seen.wait(120):
        p.kill()
        p.wait(30)
        pytest.fail("no heartbeat within 120 s:\n" + "".join(lines[-40:]))
    return p, lines


@pytest.mark.parametrize("sig", [signal.SIGINT, signal.SIGTERM], ids=["ctrl-c", "sigterm"])
def test_an_interrupted_run_is_incomplete_not_running(proj, sig):
    p, lines = _start(proj, "600" if sig == signal.SIGINT else "601")  # another setting: another run
    started = time.monotonic()
    p.send_signal(sig)
    try:
        code = p.wait(60)
    except subprocess.TimeoutExpired:
        p.kill()
        pytest.fail("the run did not stop within 60 s of the signal (it waited on the hung call)")
    assert code == 130, "".join(lines[-30:])
    assert time.monotonic() - started < 30
    timeout = 600 if sig == signal.SIGINT else 601
    (stored,) = [x for x in _runs(proj) if x["params"]["call_timeout_s"] == timeout]
    assert stored["status"] == "incomplete"


def test_a_run_killed_outright_reads_incomplete_on_the_next_open(proj):
    p, _ = _start(proj, "602")
    p.kill()  # SIGKILL: no handler runs; the store says "running"
    p.wait(30)
    store = ResultStore(proj / "results" / "local.duckdb")
    (stored,) = [x for x in _runs(proj) if x["params"]["call_timeout_s"] == 602]
    assert stored["status"] == "incomplete"  # the reader sees its process is gone
    assert stored["run_id"] in store.mark_stale_runs()  # and a writer records it
    assert store.mark_stale_runs() == []
