"""`evaluate.executor` / `evaluate.ray` (issue 25 item 1) without a cluster: validation at the
edge, the clear error without the `ray` package, the loopback check, and how dialogs are batched.
(That the executor never moves a run id: tests/evaluation/test_resolve.py; the Ray cluster runs:
test_ray_executor.py.)"""
from __future__ import annotations

import copy
import sys
from pathlib import Path

import pytest
import yaml

from eligibench.errors import BenyfitsError, ParamsError
from eligibench.evaluation.run import (
    ExecutorConfig,
    LocalExecutor,
    RayUnavailable,
    load_config,
    make_executor,
    read_config,
)
from eligibench.evaluation.run.executors import batches, check_reachable

ROOT = Path(__file__).resolve().parents[2]
PARAMS = yaml.safe_load((ROOT / "params.yaml").read_text())


def _config(**evaluate):
    p = copy.deepcopy(PARAMS)
    p["evaluate"].update(evaluate)
    return read_config(p)


def test_the_shipped_params_run_locally_and_ray_settings_are_read():
    assert _config().executor == ExecutorConfig("local", None, 2, 3)
    got = _config(executor="ray", ray={"address": "head:6379", "dialogs_per_task": 5, "max_retries": 0}).executor
    assert got == ExecutorConfig("ray", "head:6379", 5, 0)
    assert _config(executor="ray", ray=None).executor == ExecutorConfig("ray")


@pytest.mark.parametrize("evaluate, where", [
    ({"executor": "dask"}, "'evaluate.executor' is 'dask', expected one of local, ray"),
    ({"ray": {"adress": "x"}}, "'evaluate.ray' must be a mapping of"),
    ({"ray": {"address": ""}}, "'evaluate.ray.address' is ''"),
    ({"ray": {"dialogs_per_task": 0}}, "'evaluate.ray.dialogs_per_task' is 0"),
    ({"ray": {"max_retries": "3"}}, "'evaluate.ray.max_retries' is '3', expected int"),
])
def test_bad_executor_settings_name_the_key(evaluate, where):
    with pytest.raises(ParamsError, match="params.yaml") as e:
        _config(**evaluate)
    assert where in str(e.value)


def test_ray_chosen_without_the_package_names_it(monkeypatch):
    monkeypatch.setitem(sys.modules, "ray", None)  # import ray -> ImportError, as when not installed
    with pytest.raises(RayUnavailable) as e:
        make_executor(ExecutorConfig("ray"), kit=None, make_agent=lambda: None, user_model=None)
    assert "'ray' package is not installed" in str(e.value) and "pip install" in str(e.value)
    assert "evaluate.executor: local" in str(e.value)
    assert isinstance(make_executor(ExecutorConfig(), None, lambda: None, None), LocalExecutor)


def test_loopback_endpoints_are_refused_on_a_cluster_of_several_machines():
    endpoints = {"dialog": "http://127.0.0.1:8000/v1", "simulator": "http://10.0.0.5:8000/v1"}
    check_reachable(endpoints, {"10.0.0.5"})  # one machine: loopback is reachable
    with pytest.raises(BenyfitsError, match=r"dialog http://127.0.0.1:8000/v1") as e:
        check_reachable(endpoints, {"10.0.0.5", "10.0.0.6"})
    assert "simulator" not in str(e.value)


def test_batches_keep_one_trial_each_and_at_most_the_size():
    todo = [("diverse", f"r{i}", t) for t in (0, 1) for i in range(5)]
    got = batches(todo, 2)
    assert [len(b) for b in got] == [2, 2, 1, 2, 2, 1]
    assert all(len({t for _, _, t in b}) == 1 for b in got)
    assert [x for b in got for x in b] == todo


@pytest.mark.needs_bwrap  # a test agent outside the project's submissions/: the session requires the jail
def test_the_kit_a_node_gets_has_absolute_paths(tmp_path, monkeypatch):
    """The stages run with project "." and submissions/<name>: a Ray task runs in another working
    directory, so what it builds the agent from must not depend on the driver's."""
    import os

    from eligibench.evaluation.run import open_session
    from tests.evaluation.executor_project import AGENT, make_project, resolved
    from tests.fakes.openai_server import FakeOpenAIServer

    make_project(tmp_path / "proj", 1, 1)
    monkeypatch.chdir(tmp_path)
    with FakeOpenAIServer(models=["served-model"]) as fake:
        r = resolved(Path("proj"), fake.base_url)
        r = type(r)(**{**vars(r), "manifest": type(r.manifest)(**{**vars(r.manifest),
                                                                   "folder": Path(os.path.relpath(AGENT))})})
        assert not r.manifest.folder.is_absolute()
        with open_session(r, Path("proj")) as session:
            kit = session.kit
    assert kit.project == (tmp_path / "proj").resolve() and kit.agent_folder == AGENT.resolve()
    assert kit.resolved is r  # the session holds the resolved run itself, never a copy of it
    assert set(kit.endpoints()) == {"dialog"} and kit.endpoints()["dialog"] == fake.base_url


def test_the_evaluate_command_chooses_the_executor():
    import argparse

    from eligibench.cli.evaluate import _small_run

    def flags(**kw):
        base = {"households": None, "max_questions": None, "trials": None, "executor": None, "ray_address": None}
        return load_config(ROOT, _small_run(argparse.Namespace(**{**base, **kw}))).executor

    assert flags() == ExecutorConfig()
    assert flags(executor="ray") == ExecutorConfig("ray")
    assert flags(ray_address="head:6379") == ExecutorConfig("ray", "head:6379")
