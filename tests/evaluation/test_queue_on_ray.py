"""The submission queue across machines, on Ray: the store's machine is the head and runs the
queue worker (the only writer of the store); worker nodes join the cluster and run the dialogs,
the submission folder reaching them in Ray's object store (run/ray_cluster.py). The cluster is
authenticated with Ray's token (RAY_AUTH_MODE=token), as docs/scale.md sets it up.

The cluster is real (Ray's `cluster_utils.Cluster` in a process of its own, on 127.0.0.1: a head
that runs no task, two 1-CPU worker nodes), a real DuckDB file, jailed agents; the simulated user
is the quoting test stand-in (no model server).
"""
from __future__ import annotations

import os
import secrets
import select
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
import yaml

from eligibench.evaluation.run import ExecutorConfig, RayExecutor
from eligibench.evaluation.run.ray_cluster import ClusterUnauthenticated, ShippedFolder
from eligibench.results import ResultStore

ROOT = Path(__file__).resolve().parents[2]

AGENT = '''
import os
import time
from eligibench.evaluation.hosting import Agent

HERE = os.path.dirname(os.path.abspath(__file__))


class WhereAgent(Agent):
    """Asks one question naming the folder it runs from, slowly; predicts False."""

    def start(self, opportunities):
        self.ids = [o.id for o in opportunities]

    def ask(self, dialog):
        time.sleep(float(self.context.options.get("sleep_s", 0)))
        return f"How old are you? [{HERE}]"

    def ready(self, dialog):
        return len(dialog.turns) >= 1

    def predict(self, dialog):
        return {i: False for i in self.ids}
'''


class LocalCluster:
    """A token-authenticated Ray cluster on 127.0.0.1, hosted by tests/evaluation/ray_cluster_host.py
    in a process group of its own (so the pytest process never initialises Ray with its token)."""

    def __init__(self, nodes: int):
        self.token = secrets.token_hex(16)
        self.env = {**os.environ, "RAY_AUTH_MODE": "token", "RAY_AUTH_TOKEN": self.token,
                    # every Ray process names its node 127.0.0.1: the cluster is loopback only
                    "RAY_ENABLE_WINDOWS_OR_OSX_CLUSTER": "0", "RAY_USAGE_STATS_ENABLED": "0",
                    "PYTHONPATH": str(ROOT)}
        self.host = subprocess.Popen([sys.executable, "-m", "tests.evaluation.ray_cluster_host", str(nodes)],
                                     env=self.env, cwd=ROOT, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                     text=True, start_new_session=True)
        self.address = self._answer("address", 180)

    def _answer(self, word: str, timeout_s: float) -> str:
        ready, _, _ = select.select([self.host.stdout], [], [], timeout_s)
        line = self.host.stdout.readline() if ready else ""
        assert line.startswith(word), f"cluster host: expected {word!r} within {timeout_s} s, got {line!r}"
        return line.split(" ", 1)[1].strip()

    def kill_node(self, i: int) -> None:
        self.host.stdin.write(f"kill {i}\n")
        self.host.stdin.flush()
        self._answer("killed", 60)

    def shutdown(self) -> None:
        try:
            self.host.stdin.close()  # EOF: the host shuts the cluster down
            self.host.wait(timeout=60)
        except subprocess.TimeoutExpired:
            pass
        finally:
            try:
                os.killpg(self.host.pid, signal.SIGKILL)  # anything of it left
            except ProcessLookupError:
                pass


@pytest.fixture(scope="module")
def cluster():
    c = LocalCluster(nodes=2)
    try:
        yield c
    finally:
        c.shutdown()


@pytest.fixture()
def project(tmp_path) -> Path:
    from tests.leaderboard.synthetic import make_dataset

    proj = tmp_path / "project"
    make_dataset(proj / "benyfits", n_diverse=4, n_representative=2)
    (proj / "opportunities").symlink_to(ROOT / "opportunities")
    params = yaml.safe_load((ROOT / "params.yaml").read_text())
    params["evaluate"].update({"subset": {"diverse": 4, "representative": 2}, "bootstrap": 10,
                               "store": "results/q.duckdb", "max_questions": 2, "concurrency": 1,
                               "call_timeout_s": 60, "submissions": []})
    params["evaluate"]["ray"] = {"address": None, "dialogs_per_task": 1, "max_retries": 3}
    (proj / "params.yaml").write_text(yaml.safe_dump(params))
    return proj


def _submission(project: Path, name: str, sleep_s: float) -> Path:
    folder = project / "submissions" / name
    folder.mkdir(parents=True)
    (folder / "agent.py").write_text(AGENT)
    (folder / "manifest.yaml").write_text(yaml.safe_dump({
        "name": name, "strategy": "test", "authors": ["Tester"], "entry_point": "agent:WhereAgent",
        "models": {}, "license": "MIT", "options": {"sleep_s": sleep_s}}))
    return folder


def _client(cluster: LocalCluster, env: dict) -> subprocess.Popen:
    """A plain Ray client (no harness code) connecting to the cluster and running one task."""
    code = ("import ray\nray.init(address=%r, log_to_driver=False)\n"
            "print('ran', ray.get(ray.remote(lambda: 1 + 1).options(num_cpus=1).remote()))\n") % cluster.address
    return subprocess.Popen([sys.executable, "-c", code], env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                            text=True)


@pytest.mark.ray
@pytest.mark.needs_bwrap  # the agents run jailed on the worker nodes
def test_a_queued_submission_is_evaluated_on_two_nodes_one_killed_mid_run(cluster, project):
    c = cluster
    store = ResultStore(project / "results" / "q.duckdb")
    folder = _submission(project, "where", sleep_s=0.5)
    qid = store.enqueue("where", str(folder))
    env = {**c.env, "BENYFITS_QUOTING_USER": "1"}
    worker = subprocess.Popen([sys.executable, "-m", "eligibench.cli", "worker", "--project", str(project), "--once",
                               "--worker-id", "head", "--ray-address", c.address],
                              env=env, cwd=project, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
                              start_new_session=True)
    try:
        deadline = time.monotonic() + 120
        while not (store.runs() and store.dialog_results(store.runs()[0]["run_id"])):  # mid-run: a dialog stored
            assert worker.poll() is None, worker.communicate()[0][-3000:]
            assert time.monotonic() < deadline, "the worker never stored a dialog"
            time.sleep(0.2)
        c.kill_node(0)  # a worker node dies with its task: Ray re-runs it on the other node
        at_kill = len(store.dialog_results(store.runs()[0]["run_id"]))
        out = worker.communicate(timeout=180)[0]
    finally:
        if worker.poll() is None:
            os.killpg(worker.pid, signal.SIGKILL)
            worker.wait(timeout=30)
    assert worker.returncode == 0, out[-3000:]
    assert "dialogs on Ray (127.0.0.1:" in out and f"queue entry {qid} (where) done" in out, out[-3000:]
    assert at_kill < 6, "the node was killed after the run had finished: nothing tested"
    (entry,) = store.queue()
    assert (entry["status"], entry["worker"], entry["attempts"]) == ("done", "head", 1), entry
    (run,) = store.runs()
    assert run["status"] == "done"
    results = store.dialog_results(run["run_id"])
    assert len({(r.dataset, r.row_id, r.trial) for r in results}) == len(results) == 6  # none lost, none twice
    # the agent ran from the copy Ray shipped to the nodes, not from the head's submissions/ folder
    where = {t.question.split("[")[1].rstrip("]") for r in results for t in r.turns}
    (path,) = where
    assert path.startswith(str(project / ".benyfits-worker")) and path.endswith("/where"), path


@pytest.mark.ray
def test_a_client_without_the_clusters_token_is_refused(cluster):
    c = cluster
    # the one-process-fast setting: try to reach the cluster for 3 s, not Ray's default 20
    env = {**c.env, "RAY_gcs_server_port_wait_time_s": "3"}
    clients = [_client(c, {**env, "RAY_AUTH_TOKEN": secrets.token_hex(16)}),  # a wrong token
               _client(c, {k: v for k, v in env.items() if not k.startswith("RAY_AUTH")})]  # none at all
    # (a client with the token: the queue worker of the test above, which ran its dialogs on the cluster)
    for p in clients:
        out = p.communicate(timeout=120)[0]
        assert p.returncode != 0 and "ran 2" not in out, out[-2000:]
        assert "Authentication token is missing or incorrect" in out, out[-2000:]


def test_joining_a_cluster_without_token_authentication_is_refused_before_connecting(monkeypatch):
    monkeypatch.delenv("RAY_AUTH_MODE", raising=False)
    ray = pytest.importorskip("ray")
    monkeypatch.setattr(ray, "is_initialized", lambda: False)  # as a fresh worker process finds it
    with pytest.raises(ClusterUnauthenticated, match=r"127.0.0.1:9 needs token authentication.*RAY_AUTH_MODE=token"):
        RayExecutor(None, ExecutorConfig("ray", address="127.0.0.1:9")).run(None, [], lambda r: None)


def test_a_shipped_folder_is_its_files_only_and_unpacks_once(tmp_path):
    folder = tmp_path / "sub" / "mine"
    (folder / "__pycache__").mkdir(parents=True)
    (folder / "agent.py").write_text("x = 1\n")
    (folder / "__pycache__" / "agent.pyc").write_bytes(b"\0")
    (folder / "link.py").symlink_to("/etc/passwd")
    shipped = ShippedFolder.pack(folder)
    os.utime(folder / "agent.py", (0, 0))
    assert ShippedFolder.pack(folder).digest == shipped.digest  # the same files, the same copy on every node
    here = shipped.unpack(tmp_path / "node")
    assert here == tmp_path / "node" / ".benyfits-worker" / shipped.digest / "mine"
    assert sorted(p.name for p in here.iterdir()) == ["agent.py"] and (here / "agent.py").read_text() == "x = 1\n"
    (here / "agent.py").write_text("changed on the node")
    assert shipped.unpack(tmp_path / "node") == here and (here / "agent.py").read_text() == "changed on the node"
