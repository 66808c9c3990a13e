"""Several `benyfits worker` processes on one queue: claims are leases in the store
(results/queue.py), which matter for a local worker killed mid-run. Real worker processes, a real DuckDB file, real jailed agents; the
simulated user is the quoting test stand-in (no model server needed)."""
from __future__ import annotations

import os
import re
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
import yaml

from eligibench.results import ResultStore
from eligibench.results.queue import LeaseLost

ROOT = Path(__file__).resolve().parents[2]

AGENT = '''
import time
from eligibench.evaluation.hosting import Agent


class SlowAgent(Agent):
    def start(self, opportunities):
        self.ids = [o.id for o in opportunities]

    def ask(self, dialog):
        time.sleep(float(self.context.options.get("sleep_s", 0)))
        return "How old are you?"

    def ready(self, dialog):
        return len(dialog.turns) >= 1

    def predict(self, dialog):
        return {i: False for i in self.ids}
'''


def _submission(project: Path, name: str, sleep_s: float = 0.0) -> Path:
    folder = project / "submissions" / name
    folder.mkdir(parents=True)
    (folder / "agent.py").write_text(AGENT)
    (folder / "manifest.yaml").write_text(yaml.safe_dump({
        "name": name, "strategy": "test", "authors": ["Tester"], "entry_point": "agent:SlowAgent",
        "models": {}, "license": "MIT", "options": {"sleep_s": sleep_s}}))
    return folder


@pytest.fixture()
def project(tmp_path) -> Path:
    from tests.leaderboard.synthetic import make_dataset

    proj = tmp_path / "project"
    make_dataset(proj / "benyfits", n_diverse=3, n_representative=1)
    (proj / "opportunities").symlink_to(ROOT / "opportunities")
    params = yaml.safe_load((ROOT / "params.yaml").read_text())
    params["evaluate"].update({"subset": {"diverse": 3, "representative": 1}, "bootstrap": 10,
                               "store": "results/q.duckdb", "max_questions": 2, "concurrency": 1,
                               "call_timeout_s": 60, "submissions": []})
    (proj / "params.yaml").write_text(yaml.safe_dump(params))
    return proj


def store_of(project: Path) -> ResultStore:
    return ResultStore(project / "results" / "q.duckdb")


def start_worker(project: Path, name: str, *extra: str, env: dict | None = None) -> subprocess.Popen:
    env = {**(env or os.environ), "PYTHONPATH": str(ROOT), "BENYFITS_QUOTING_USER": "1"}
    return subprocess.Popen([sys.executable, "-m", "eligibench.cli", "worker", "--project", str(project),
                             "--worker-id", name, "--poll", "0.2", *extra],
                            stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, env=env, cwd=project,
                            start_new_session=True)  # its own process group: SIGKILL takes its agent too


def evaluated(output: str) -> list[int]:
    return [int(n) for n in re.findall(r"evaluating queue entry (\d+) ", output)]


def test_a_lease_is_held_renewed_expired_and_only_its_holder_finishes(tmp_path):
    store = ResultStore(tmp_path / "q.duckdb")
    store.enqueue("a", "submissions/a")
    first = store.claim_next("w1", lease_s=0.5)
    assert (first["worker"], first["attempts"], first["status"]) == ("w1", 1, "running")
    assert store.claim_next("w2", lease_s=0.5) is None  # held: never claimed twice
    assert store.renew_lease(first["id"], "w1", lease_s=0.5)
    assert not store.renew_lease(first["id"], "w2", lease_s=0.5)
    time.sleep(0.7)  # w1 stops renewing (a crash)
    again = store.claim_next("w2", lease_s=30)
    assert (again["id"], again["worker"], again["attempts"]) == (first["id"], "w2", 2)
    assert "worker w1 stopped renewing its lease" in again["error"]
    assert not store.renew_lease(first["id"], "w1")
    with pytest.raises(LeaseLost, match="no longer held by worker w1"):
        store.finish_queue(first["id"], "done", worker="w1")  # the crashed worker's late "done" is refused
    store.finish_queue(again["id"], "done", worker="w2")
    assert [(q["status"], q["worker"]) for q in store.queue()] == [("done", "w2")]


def test_an_entry_that_keeps_losing_its_workers_is_failed_not_retried_forever(tmp_path):
    from eligibench.results.queue import MAX_ATTEMPTS

    store = ResultStore(tmp_path / "q.duckdb")
    store.enqueue("a", "submissions/a")
    for i in range(MAX_ATTEMPTS):
        assert store.claim_next(f"w{i}", lease_s=0.05)["attempts"] == i + 1
        time.sleep(0.1)
    assert store.claim_next("last", lease_s=1) is None
    (entry,) = store.queue()
    assert entry["status"] == "failed" and f"lost {MAX_ATTEMPTS} workers" in entry["error"]


@pytest.mark.needs_bwrap
def test_two_racing_workers_never_run_the_same_submission_twice(project):
    store = store_of(project)
    # each job takes a few seconds (0.5 s per question), so both workers are claiming while the other works
    ids = [store.enqueue(name, str(_submission(project, name, sleep_s=0.5))) for name in ("s1", "s2", "s3", "s4", "s5")]
    workers = [start_worker(project, f"w{i}", "--once") for i in (1, 2)]
    outputs = [w.communicate(timeout=600)[0] for w in workers]
    assert [w.returncode for w in workers] == [0, 0], outputs
    runs = [evaluated(o) for o in outputs]
    assert sorted(runs[0] + runs[1]) == ids, outputs  # each entry evaluated exactly once, by one of them
    assert runs[0] and runs[1], outputs  # they did race: both took jobs
    queue = store.queue()
    assert all(q["status"] == "done" and q["attempts"] == 1 for q in queue), queue
    assert {q["worker"] for q in queue} <= {"w1", "w2"}
    assert {r["status"] for r in store.runs()} == {"done"} and len(store.runs()) == 5


@pytest.mark.needs_bwrap
def test_a_killed_workers_entry_returns_to_the_queue_and_another_worker_finishes_it(project):
    store = store_of(project)
    qid = store.enqueue("slow", str(_submission(project, "slow", sleep_s=1.5)))
    lease = 3.0
    a = start_worker(project, "wa", "--lease", str(lease))
    try:
        deadline = time.monotonic() + 120
        while not (store.runs() and store.dialog_results(store.runs()[0]["run_id"])):  # mid-job: a dialog stored
            assert time.monotonic() < deadline, "worker wa never started the job"
            time.sleep(0.2)
        (held,) = store.queue()
        assert (held["status"], held["worker"]) == ("running", "wa")
    finally:
        os.killpg(a.pid, signal.SIGKILL)
        a.wait(timeout=30)
    run_id = store.runs()[0]["run_id"]
    stored_by_a = len(store.dialog_results(run_id))
    assert 0 < stored_by_a < 4
    (entry,) = store.queue()
    assert entry["status"] == "running"  # nothing reported done that did not finish
    assert store.runs()[0]["status"] == "incomplete"  # its process is gone: not done, and not running either
    time.sleep(lease + 0.5)  # wa renews no more: its lease expires
    b = start_worker(project, "wb", "--once", "--lease", str(lease))
    out = b.communicate(timeout=600)[0]
    assert b.returncode == 0, out
    assert evaluated(out) == [qid]
    (entry,) = store.queue()
    assert (entry["status"], entry["worker"], entry["attempts"]) == ("done", "wb", 2), entry
    results = store.dialog_results(run_id)
    assert len(results) == 4 and len({(r.dataset, r.row_id, r.trial) for r in results}) == 4  # none lost, none twice
    assert store.runs()[0]["status"] == "done"


@pytest.mark.needs_bwrap
def test_a_stopped_worker_gives_its_entry_back_to_the_queue(project):
    store = store_of(project)
    store.enqueue("slow", str(_submission(project, "slow", sleep_s=1.0)))
    w = start_worker(project, "wstop")
    deadline = time.monotonic() + 120
    while store.queue()[0]["status"] != "running":
        assert time.monotonic() < deadline, "worker wstop never claimed the job"
        time.sleep(0.2)
    time.sleep(1.0)
    w.send_signal(signal.SIGTERM)
    out = w.communicate(timeout=120)[0]
    assert w.returncode == 0 and "returned to the queue" in out, out
    (entry,) = store.queue()
    assert (entry["status"], entry["worker"], entry["lease_until"]) == ("queued", None, None)
    assert "worker wstop stopped during the evaluation" in entry["error"]
    assert {r["status"] for r in store.runs()} <= {"incomplete"}  # not done: it did not finish, and says so


def test_a_sigterm_caught_by_an_exception_handler_still_stops_the_worker(project, monkeypatch):
    """SIGTERM lands wherever the worker is; code on the way that catches Exception (a dialog's error
    handler) must not swallow the stop: the entry goes back to the queue and the worker stops."""
    from eligibench.evaluation.intake import queue_worker
    from eligibench.evaluation.run import load_config

    store = store_of(project)
    store.enqueue("slow", str(_submission(project, "slow")))

    def swallowing(resolved, **kwargs):
        try:
            os.kill(os.getpid(), signal.SIGTERM)
            time.sleep(10)  # the handler raises here
        except Exception:  # noqa: BLE001 - what an agent-error handler does
            pass
        raise AssertionError("the stop was swallowed: the evaluation went on")

    monkeypatch.setattr(queue_worker, "run_submission", swallowing)
    lines: list[str] = []
    config = load_config(project)
    before = signal.getsignal(signal.SIGTERM)
    assert queue_worker.run_worker(store, config, project, True, once=True, poll_s=0.1, log=lines.append,
                                   worker="wterm") == 0
    assert any("returned to the queue" in line for line in lines) and "worker: stopped" in lines, lines
    (entry,) = store.queue()
    assert (entry["status"], entry["worker"]) == ("queued", None)
    assert signal.getsignal(signal.SIGTERM) == before  # the caller's handler is back
