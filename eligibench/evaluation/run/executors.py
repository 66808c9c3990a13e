"""Where a run's dialogs execute: one small protocol (`Executor.run(run, todo, record)`, `run` the ResolvedRun), two
executors behind it. The runner (`runner.evaluate`) decides WHAT to run (the pending dialogs of a
resumable run) and alone writes the store through `record`; an executor only decides WHERE.

- `LocalExecutor`: threads in this process, `evaluate.concurrency` slots, each with its own agent
  process (the executor every run had before issue 25; still the default).
- `RayExecutor` (`evaluate.executor: ray`): dialogs in small batches (`evaluate.ray.dialogs_per_task`)
  are Ray tasks. A task builds its agent process (and its jail) and the simulated user's model on
  the node that runs it, from a picklable recipe (`NodeKit`, the session's `DialogKit`), and returns
  the batch's results; the driver records each batch as its task finishes, so results stream into
  the one DuckDB file. A task whose node or worker dies is re-run elsewhere by Ray
  (`max_retries`); since only finished tasks are recorded, and recording replaces an earlier copy
  of the same (dataset, row, trial), nothing is lost or duplicated. A task that fails for good is
  reported after the others are recorded, and the run stays resumable like after a kill -9.
  A running cluster is joined only with Ray's token authentication, and the agent's folder
  travels to the nodes in the object store (ray_cluster.py).

The executor is not part of a run's identity: the same resolved run gives the same dialogs on
either (tests/evaluation/test_ray_executor.py checks per-pair predictions and metrics).
"""
from __future__ import annotations

import asyncio
import inspect
import os
import re
import threading
from contextlib import AbstractContextManager
from dataclasses import dataclass, field
from typing import Any, Callable, Mapping, Protocol, Sequence
from urllib.parse import urlparse

from eligibench.datasets import Row
from eligibench.errors import BenyfitsError
from eligibench.evaluation.hosting import Agent
from eligibench.evaluation.hosting import active as active_service_policy
from eligibench.evaluation.hosting import enforced as enforced_service_policy
from eligibench.evaluation.run.model import ExecutorConfig, ResolvedRun
from eligibench.evaluation.run.ray_cluster import require_token_auth, ship_agent
from eligibench.registry import Entry, Registry
from eligibench.results import INFRA_ERROR, DialogResult

Item = tuple[str, Row, int]  # (dataset, row, trial): one dialog
# `evaluate.executor` / `--executor`: the executors, with what each does
EXECUTOR_REGISTRY: Registry[str] = Registry("executor", (
    Entry("local", "threads in this process, evaluate.concurrency slots, each with its own agent process"),
    Entry("ray", "dialogs in small batches as Ray tasks on a cluster; only the driver writes the store"),
))
Record = Callable[[DialogResult], None]


class Executor(Protocol):
    def run(self, run: ResolvedRun, todo: Sequence[Item], record: Record) -> None:
        """Run every dialog of `todo`, calling `record` (in this process) once per finished dialog."""


class NodeKit(Protocol):
    """What a node needs to run a run's dialogs: picklable, builds the live parts where it runs."""

    def make_agent(self, trial: int) -> Agent: ...

    def user_models(self, trials: Sequence[int]) -> AbstractContextManager[Mapping[int, Any]]: ...

    def endpoints(self) -> Mapping[str, str]:
        """role -> base_url of every model endpoint a dialog calls (the nodes must reach them)."""


class RayUnavailable(BenyfitsError):
    """`evaluate.executor: ray` without the `ray` package."""


class DialogsLost(BenyfitsError):
    """Ray tasks failed for good (retries spent): their dialogs are not stored; run again to resume."""

    def __init__(self, failed: int, first: str):
        self.failed = failed
        super().__init__(f"{failed} dialog(s) could not be run on the Ray cluster (after Ray's task retries): "
                         f"{first}. The other dialogs are stored; run the same evaluation again to run exactly "
                         "the missing ones.")


@dataclass
class Slot:
    """One agent process at a time, made for one trial (a new one, with that trial's seeds, when it changes)."""

    make_agent: Callable[[int], Agent]
    agent: Agent | None = None
    trial: int | None = None  # the trial `agent` was made for
    lock: threading.Lock = field(default_factory=threading.Lock)

    def for_trial(self, trial: int) -> Agent:
        if self.agent is None or self.trial != trial:
            self.close()
            self.agent, self.trial = self.make_agent(trial), trial
        return self.agent

    def close(self) -> None:
        close = getattr(self.agent, "close", None)
        if close:
            close()
        self.agent = None


def per_trial(make_agent: Callable) -> Callable[[int], Agent]:
    """make_agent(trial), or a zero-argument factory used for every trial."""
    try:
        takes_trial = bool(inspect.signature(make_agent).parameters)
    except (TypeError, ValueError):
        takes_trial = True
    return make_agent if takes_trial else (lambda _trial: make_agent())


def _user_for(user_model: Any, trial: int) -> Any:
    return user_model[trial] if isinstance(user_model, Mapping) else user_model


def run_one(slot: Slot, user_model: Any, run: ResolvedRun, dataset: str, row: Row, trial: int) -> DialogResult:
    """One dialog on the slot's agent, retried while it ends in an infrastructure error: the one
    place a dialog is run for a run, whichever executor calls it."""
    with slot.lock:
        agent = slot.for_trial(trial)
        for _attempt in range(run.config.infra_retries + 1):
            result = run.dialog(agent, run.user(_user_for(user_model, trial), row), row, trial, dataset)
            if result.termination != INFRA_ERROR:
                break
    return result


class LocalExecutor:
    """Threads in this process: `evaluate.concurrency` slots share a queue of dialogs."""

    def __init__(self, make_agent: Callable[..., Agent], user_model: Any):
        self.make_agent, self.user_model = per_trial(make_agent), user_model

    def run(self, run: ResolvedRun, todo: Sequence[Item], record: Record) -> None:
        slots = [Slot(self.make_agent) for _ in range(max(1, min(run.config.concurrency, len(todo))))]
        try:
            asyncio.run(self._run_all(run, slots, todo, record))
        finally:
            for s in slots:
                s.close()

    async def _run_all(self, run: ResolvedRun, slots: list[Slot], todo: Sequence[Item], record: Record) -> None:
        queue: asyncio.Queue = asyncio.Queue()
        for item in todo:
            queue.put_nowait(item)

        async def worker(slot: Slot) -> None:
            while not queue.empty():
                dataset, row, trial = queue.get_nowait()
                result = await asyncio.to_thread(run_one, slot, self.user_model, run, dataset, row, trial)
                await asyncio.to_thread(record, result)

        try:
            await asyncio.gather(*(worker(s) for s in slots))
        except BaseException:
            # interrupted (Ctrl-C cancels this task): stop the agents now, so a thread waiting on a
            # hung agent call returns and asyncio's shutdown, which joins those threads, does not wait
            # out the call timeout
            for s in slots:
                s.close()
            raise


def batches(todo: Sequence[Item], size: int) -> list[list[Item]]:
    """Consecutive dialogs of one trial, at most `size` each (one agent process per batch)."""
    out: list[list[Item]] = []
    for item in todo:
        if out and len(out[-1]) < size and out[-1][-1][2] == item[2]:
            out[-1].append(item)
        else:
            out.append([item])
    return out


def run_batch(kit: NodeKit, run: ResolvedRun, batch: Sequence[Item]) -> list[DialogResult]:
    """A Ray task's body, on the node that runs it: the agent process, its jail and the user's
    model are made here, used for the batch, and closed."""
    slot = Slot(kit.make_agent)
    try:
        with kit.user_models(sorted({t for _, _, t in batch})) as users:
            return [run_one(slot, users, run, d, row, t) for d, row, t in batch]
    finally:
        slot.close()


def import_ray() -> Any:
    try:
        import ray
    except ImportError:
        raise RayUnavailable("params.yaml: 'evaluate.executor' is 'ray', but the 'ray' package is not installed: "
                             "pip install 'ray>=2.52' (or the project's extra: pip install -e '.[ray]'), or set "
                             "evaluate.executor: local") from None
    return ray


_LOOPBACK = {"127.0.0.1", "localhost", "::1", "0.0.0.0"}


def check_reachable(endpoints: Mapping[str, str], node_ips: set[str]) -> None:
    """A loopback endpoint only serves tasks on this machine: refuse it on a cluster of several machines."""
    if len(node_ips) <= 1:
        return
    local = {role: url for role, url in endpoints.items() if (urlparse(url).hostname or "") in _LOOPBACK}
    if local:
        raise BenyfitsError(f"executor 'ray': the Ray cluster spans {len(node_ips)} machines ({', '.join(sorted(node_ips))}), "
                            f"but these model endpoints are on loopback, which the other machines cannot reach: "
                            f"{', '.join(f'{r} {u}' for r, u in sorted(local.items()))}. Serve the models on an "
                            "address the nodes reach (a base_url per role in params.yaml; docs/scale.md)")


class RayExecutor:
    """Dialogs as Ray tasks (see the module docstring); the driver records each finished batch."""

    def __init__(self, kit: NodeKit, config: ExecutorConfig):
        self.kit, self.config = kit, config
        self.nodes: dict[str, int] = {}  # node id -> dialogs it ran (what the last run used)

    def run(self, run: ResolvedRun, todo: Sequence[Item], record: Record) -> None:
        ray = import_ray()
        started = not ray.is_initialized()
        if started:  # params' address, else $RAY_ADDRESS, else a one-node Ray on this machine
            address = self.config.address or os.environ.get("RAY_ADDRESS") or None
            if address:  # a running cluster: only an authenticated one (ray_cluster.py)
                require_token_auth(address)
            # a Ray started for this run needs no dashboard; an existing cluster keeps its own settings
            ray.init(address=address, log_to_driver=False, **({} if address else {"include_dashboard": False}))
        try:
            if ray.cluster_resources().get("CPU", 0) < 1:  # tasks would wait for a node forever
                raise BenyfitsError("executor 'ray': the Ray cluster has no CPU for dialog tasks (each needs 1): "
                                    "start worker nodes with `ray start --address <head>:6379 --num-cpus N`")
            check_reachable(self.kit.endpoints(), {n["NodeManagerAddress"] for n in ray.nodes() if n["Alive"]})
            self._run(ray, run, todo, record)
        finally:
            if started:
                ray.shutdown()

    def _run(self, ray: Any, run: ResolvedRun, todo: Sequence[Item], record: Record) -> None:
        task = ray.remote(_task).options(max_retries=self.config.max_retries, retry_exceptions=False, num_cpus=1)
        # the agent's folder travels with the kit, once, in the object store (ray_cluster.py)
        kit, shared_run = ray.put(ship_agent(self.kit)), ray.put(run)
        # the worker's address rule for agent services (hosting.url_policy) is this process's: each
        # task enforces it again in its own process, else a service's connections there went unchecked
        policy = active_service_policy()
        pending = {task.remote(kit, shared_run, b, policy): b for b in batches(todo, self.config.dialogs_per_task)}
        lost, first = 0, ""
        try:
            while pending:
                done, _ = ray.wait(list(pending), num_returns=1)
                for ref in done:
                    batch = pending.pop(ref)
                    try:
                        node, results = ray.get(ref)
                    except ray.exceptions.RayError as e:  # retries spent: the batch is not stored
                        lost += len(batch)
                        first = first or _why(e)
                        continue
                    self.nodes[node] = self.nodes.get(node, 0) + len(results)
                    for r in results:
                        record(r)
        finally:  # the driver stopped early (an error, Ctrl-C): free a shared cluster of its tasks
            for ref in pending:
                ray.cancel(ref, force=True)
        if lost:
            raise DialogsLost(lost, first)


def _why(e: BaseException) -> str:
    """A failed task's cause in one line: the exception the task raised, else Ray's own message."""
    cause = getattr(e, "cause", None)  # RayTaskError carries what the task raised
    if isinstance(cause, BaseException):
        return f"{type(cause).__name__}: {cause}"
    text = re.sub(r"\x1b\[[0-9;]*m", "", str(e)).strip()
    return f"{type(e).__name__}: {text.splitlines()[0] if text else 'no message'}"


def _task(kit: NodeKit, run: ResolvedRun, batch: Sequence[Item], policy: Any = None) -> tuple[str, list[DialogResult]]:
    import ray

    return ray.get_runtime_context().get_node_id(), run_batch_under(policy, kit, run, batch)


def run_batch_under(policy: Any, kit: NodeKit, run: ResolvedRun, batch: Sequence[Item]) -> list[DialogResult]:
    """`run_batch` with the driver's service address rule (a ServicePolicy, or None: none) enforced
    in this process, where the task's agent services are connected to."""
    if policy is None:
        return run_batch(kit, run, batch)
    with enforced_service_policy(policy):
        return run_batch(kit, run, batch)


def make_executor(config: ExecutorConfig, kit: NodeKit, make_agent: Callable[..., Agent], user_model: Any) -> Executor:
    """The executor `evaluate.executor` names: local threads over these live parts, or Ray over the kit."""
    if config.kind == "ray":
        import_ray()
        return RayExecutor(kit, config)
    return LocalExecutor(make_agent, user_model)
