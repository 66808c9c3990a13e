"""The Ray executor (issue 25 items 1 and 3) on a real local multi-node Ray cluster (Ray's own
`cluster_utils.Cluster`: a head that runs no task and two 1-CPU worker nodes, on loopback), with
the recording fake server as the agent's model and jailed agent processes started by the tasks:

- a run gives the same run id, per-pair predictions, transcripts and metrics as the local executor;
- a worker node killed mid-run: its dialogs re-run on the other node, the store ends with every
  dialog exactly once and the run `done`;
- a batch that fails for good (retries spent) is reported by its cause; every finished dialog is
  stored, the run stays `running` (never `done`), and a rerun completes it;
- the resume rules hold on Ray: a rerun runs exactly the dialogs stored as infrastructure errors
  (of a run started on the local executor: either executor resumes the other's run).

One cluster per module (about 20-40 s to start on 2 shared cores); it is shut down at the end.
"""
from __future__ import annotations

import pytest

from eligibench.evaluation.run import (
    DialogKit,
    DialogsLost,
    ExecutorConfig,
    LocalExecutor,
    RayExecutor,
    evaluate,
    open_session,
)
from eligibench.results.records import INFRA_ERROR
from eligibench.results.store import ResultStore
from tests.evaluation.executor_project import make_project, per_pair, resolved, scores
from tests.fakes.openai_server import FakeOpenAIServer

ray = pytest.importorskip("ray", reason="ray is in the test extras (pip install -e '.[test]') and the ray extra")
pytestmark = [pytest.mark.ray, pytest.mark.needs_bwrap]  # its agents run jailed

RAY = ExecutorConfig("ray", dialogs_per_task=1, max_retries=3)
MB = 1024 * 1024


@pytest.fixture(scope="module")
def cluster():
    from ray.cluster_utils import Cluster

    c = Cluster(initialize_head=True, head_node_args={"num_cpus": 0, "object_store_memory": 80 * MB,
                                                      "include_dashboard": False})
    workers = [c.add_node(num_cpus=1, object_store_memory=80 * MB) for _ in range(2)]
    c.wait_for_nodes()
    ray.init(address=c.address, include_dashboard=False, log_to_driver=False)
    try:
        yield c, workers
    finally:
        ray.shutdown()
        c.shutdown()


@pytest.fixture(scope="module")
def fake():
    with FakeOpenAIServer(models=["served-model"]) as server:
        yield server


@pytest.fixture(scope="module")
def project(tmp_path_factory):
    return make_project(tmp_path_factory.mktemp("ray-project"), n_diverse=4, n_representative=2)


def _run(project, fake, executor_config, store="r.duckdb", **kw):
    """A run through the session (the one evaluation path), returning its store, run id and executor."""
    r = resolved(project, fake.base_url, executor_config, store=store, **kw)
    store = ResultStore(project / store)
    with open_session(r, project) as session:
        executor = session.executor()
        run_id = evaluate(session.resolved, session.spec, store, executor=executor)
    return store, run_id, executor


@pytest.fixture(scope="module")
def local_run(project, fake):
    store, run_id, executor = _run(project, fake, ExecutorConfig(), store="local.duckdb", trials=2)
    assert isinstance(executor, LocalExecutor)
    return store, run_id


def test_ray_gives_the_local_executors_run(cluster, project, fake, local_run):
    local_store, local_id = local_run
    store, run_id, executor = _run(project, fake, RAY, store="ray.duckdb", trials=2)
    assert isinstance(executor, RayExecutor)
    assert run_id == local_id  # the executor is not part of the run's identity
    assert len(executor.nodes) == 2, f"both worker nodes should run dialogs, got {executor.nodes}"
    preds = per_pair(store, run_id)
    assert len(preds) >= 6 * 2 * 3 and preds == per_pair(local_store, local_id)
    assert {True, False} <= set(preds.values()), "the probe agent's predictions should differ per pair"
    assert scores(store, run_id) == scores(local_store, local_id)
    for a, b in zip(store.dialog_results(run_id), local_store.dialog_results(local_id), strict=True):
        assert [(t.question, t.answer) for t in a.turns] == [(t.question, t.answer) for t in b.turns]
        assert (a.termination, a.agent_calls) == (b.termination, b.agent_calls)
    assert {r["run_id"]: r["status"] for r in store.runs()}[run_id] == "done"


def test_a_node_lost_mid_run_loses_and_duplicates_nothing(cluster, project, fake, local_run):
    c, workers = cluster
    lost = workers[0]
    r = resolved(project, fake.base_url, RAY, store="killed.duckdb", delay_s=0.4)
    store = ResultStore(project / "killed.duckdb")
    recorded = []

    def progress(n):  # the driver records dialog by dialog: kill a node after the second
        recorded.append(n)
        if len(recorded) == 2:
            c.remove_node(lost, allow_graceful=False)

    with open_session(r, project) as session:
        executor = session.executor()
        run_id = evaluate(session.resolved, session.spec, store, progress=progress, executor=executor)
    c.add_node(num_cpus=1, object_store_memory=80 * MB)  # the next test gets two nodes again
    assert sum(executor.nodes.values()) == 6 and executor.nodes.get(workers[1].node_id, 0) >= 3
    dialogs = store.dialogs(run_id)
    keys = [(d["dataset"], d["row_id"], d["trial"]) for d in dialogs]
    assert len(keys) == len(set(keys)) == 6, "every dialog stored exactly once"
    assert len(recorded) == 6
    local_store, local_id = local_run
    assert per_pair(store, run_id) == {k: v for k, v in per_pair(local_store, local_id).items() if k[2] == 0}
    assert {x["run_id"]: x["status"] for x in store.runs()}[run_id] == "done"


def test_a_rerun_on_ray_runs_exactly_the_missing_dialogs(cluster, project, fake):
    """A run started on local threads is finished on Ray (same run id): only its outages re-run."""
    store, run_id, _ = _run(project, fake, ExecutorConfig(), store="resume.duckdb")
    before = store.dialog_results(run_id)
    lost = before[:2]
    for d in lost:  # stored as outages: the resume rules re-run exactly these
        store.record_dialog(run_id, type(d)(d.row_id, d.dataset, d.trial, (), None, dict(d.labels), INFRA_ERROR, "down"))
    asked = len(fake.chat_requests())
    _, again, executor = _run(project, fake, RAY, store="resume.duckdb")
    assert again == run_id and sum(executor.nodes.values()) == 2
    assert len(fake.chat_requests()) - asked == 2 * 2 + _preflight_calls(fake, asked)
    after = store.dialog_results(run_id)
    assert [(d.dataset, d.row_id, d.trial, d.termination, d.predictions) for d in after] == \
           [(d.dataset, d.row_id, d.trial, d.termination, d.predictions) for d in before]


class TrialOneFails(DialogKit):
    """Fault injection: the real kit, except that no agent can be made for trial 1 on any node."""

    def make_agent(self, trial: int = 0):
        if trial == 1:
            raise OSError("injected: this node cannot start trial 1's agent")
        return super().make_agent(trial)


def test_dialogs_lost_for_good_leave_the_run_resumable(cluster, project, fake):
    r = resolved(project, fake.base_url, RAY, store="lost.duckdb", trials=2)
    store = ResultStore(project / "lost.duckdb")
    with open_session(r, project) as session:
        broken = RayExecutor(TrialOneFails(**vars(session.kit)), ExecutorConfig("ray", max_retries=0))
        with pytest.raises(DialogsLost) as e:
            evaluate(session.resolved, session.spec, store, executor=broken)
        run_id = store.runs()[0]["run_id"]
        assert e.value.failed == 6 and "injected" in str(e.value) and "run the same evaluation again" in str(e.value)
        assert sorted({d["trial"] for d in store.dialogs(run_id)}) == [0] and len(store.dialogs(run_id)) == 6
        assert store.runs()[0]["status"] == "incomplete"  # never done (nor left "running") with dialogs missing
        evaluate(session.resolved, session.spec, store, executor=session.executor())
    keys = [(d["dataset"], d["row_id"], d["trial"]) for d in store.dialogs(run_id)]
    assert len(keys) == len(set(keys)) == 12 and store.runs()[0]["status"] == "done"


def _preflight_calls(fake, since: int) -> int:
    """Requests the session's preflight made after `since` (it probes before any dialog)."""
    return sum(1 for r in fake.chat_requests()[since:] if len(r.body.get("messages", [])) == 1
               and not r.body["messages"][0]["content"].startswith("Question"))
