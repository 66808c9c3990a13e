"""The one evaluation path: `open_session` takes a resolved run (`resolve.resolve_run`: rows,
briefs, role specs, options, simulator, protocol, budget, seeds), starts or attaches its model
servers, and builds the simulated user's models, the agent factory and the store; every caller
uses it: the `evaluate` stage, `benyfits evaluate`, `benyfits submit`'s smoke dialog and the
queue worker. The run's identity (`RunSpec`) is `resolve.run_identity(resolved)`; the runner is
given both (`runner.evaluate(resolved, spec, store)`), and the kit and the session hold the
resolved run by reference, reading its settings from `resolved.config`.

Requirement texts come from the published dataset folder (its `opportunities` config), the same
data version the rows were built with; nothing reads the YAML catalog at evaluation time.

A session evaluates one run configuration (`model.RunConfig`: submission, a model spec per
role, options); callers without one (submit, the worker) get `EvalConfig.default_run`. Trial k
uses seeds derived from (evaluate.seed, k, role) for the simulated user, the agent and each of
its models (`seeds.py`); the seeds are recorded in the run's params. The run's protocol
(`protocol.py`) is recorded beside it.
"""
from __future__ import annotations

import json
from contextlib import ExitStack, contextmanager
from dataclasses import asdict, dataclass, field, replace
from pathlib import Path
from types import MappingProxyType
from typing import Any, Callable, Iterable, Iterator, Mapping

from eligibench import paths
from eligibench.datasets import Row
from eligibench.evaluation.hosting import (
    ProcessAgent,
    ServiceAgent,
    ServiceUnreachable,
    fetch_card,
    isolation,
)
from eligibench.evaluation.run.executors import Executor, import_ray, make_executor
from eligibench.evaluation.run.fault_reruns import rerun_simulator_faults as rerun
from eligibench.evaluation.run.model import ResolvedRun
from eligibench.evaluation.run.resolve import run_identity
from eligibench.evaluation.run.runner import RunIncomplete, evaluate
from eligibench.evaluation.run.seeds import AGENT, SIMULATOR
from eligibench.models import ModelSpec, ReplicaPool, attach_servers, check_preflight, make_model, pool_for
from eligibench.models import preflight as run_preflight
from eligibench.results import INFRA_ERROR, DialogResult, ResultStore, RunSpec, run_id_for


@dataclass(frozen=True)
class DialogKit:
    """How to build a run's agent and simulated user's model, picklable so a Ray task can build
    them on its node (executors.NodeKit); the local executor and the smoke dialog use it too, so
    an agent is made one way whichever executor runs it. It holds the resolved run itself (a
    reference, never a copy of its fields) and adds only what opening the session decided."""

    resolved: ResolvedRun
    project: Path  # absolute: a Ray task runs in another working directory
    roles: Mapping[str, ModelSpec]  # role -> the resolved spec with its server attached (base_url set)
    simulator: ModelSpec | None  # attached; None when no model plays the user (or a stand-in does)
    stand_in: Any = None  # a test stand-in user model, every trial
    # how the agent runs (hosting.isolation.isolation_for, decided once when the session opens):
    # "bubblewrap", or "none (reference agent)" / "none (development)" when it may run without the jail
    isolation: str = isolation.BUBBLEWRAP
    # the submission folder, absolute (None: the manifest's own): the same path on every node
    agent_folder: Path | None = None

    def make_agent(self, trial: int = 0) -> ProcessAgent | ServiceAgent:
        r, c = self.resolved, self.resolved.config
        if r.manifest.is_service:  # the other agent host: an A2A service, driven by the same dialog loop
            return ServiceAgent(r.manifest.url, seed=r.seeds[str(trial)][AGENT], call_timeout_s=c.call_timeout_s,
                                budget=c.budget)
        roles = {role: replace(spec, seed=r.seeds[str(trial)].get(role, spec.seed)) for role, spec in self.roles.items()}
        return ProcessAgent(self.agent_folder or r.manifest.folder, r.manifest.entry_point, roles,
                            r.seeds[str(trial)][AGENT], r.options, [self.project / h for h in paths.HIDDEN],
                            c.call_timeout_s, c.agent_memory_mb,
                            read_only=[self.project / paths.GENERATED / r.manifest.name], cwd=self.project,
                            trusted=self.isolation in isolation.RUNS_UNJAILED,
                            budget=c.budget)

    @contextmanager
    def user_models(self, trials: Iterable[int]) -> Iterator[dict[int, Any]]:
        """trial -> the simulated user's model, seeded for that trial (closed when the block ends)."""
        with ExitStack() as stack:
            if self.stand_in is not None:
                yield {k: self.stand_in for k in trials}
            elif self.simulator is None:
                yield {k: None for k in trials}
            else:
                yield {k: stack.enter_context(make_model(replace(self.simulator, seed=self.resolved.seeds[str(k)][SIMULATOR])))
                       for k in trials}

    def endpoints(self) -> dict[str, str]:
        specs = {**self.roles, **({SIMULATOR: self.simulator} if self.simulator is not None else {})}
        return {f"{role}[{i}]" if len(s.endpoints) > 1 else role: url for role, s in specs.items()
                for i, url in enumerate(s.endpoints)}  # every replica: a loopback one cannot serve another node


@dataclass(frozen=True)
class Session:
    """An open run: its kit (which holds the resolved run), its identity and the live parts the
    session started (the simulated user's models, the replica pools). Everything else is read
    through `kit.resolved`, so the run's settings live in one object."""

    kit: DialogKit
    spec: RunSpec  # resolve.run_identity(kit.resolved), derived once when the session opens
    user_models: Mapping[int, Any]  # trial -> the simulated user's model, seeded for that trial
    replica_pools: Mapping[ReplicaPool, tuple[str, tuple[str, ...]]] = field(default_factory=dict)
    # pool -> (model label, roles it serves): the specs with replicas, whose use the run records

    @property
    def resolved(self) -> ResolvedRun:
        return self.kit.resolved

    @property
    def project(self) -> Path:
        return self.kit.project

    @property
    def user_model(self) -> Any:
        return self.user_models[0]

    def make_agent(self, trial: int = 0) -> ProcessAgent | ServiceAgent:
        return self.kit.make_agent(trial)

    def executor(self) -> Executor:
        """The executor `evaluate.executor` names (local threads, or Ray tasks over the kit)."""
        return make_executor(self.resolved.config.executor, self.kit, self.make_agent, self.user_models)

    def run(self, progress_factory: Callable | None = None) -> dict:
        """Evaluate every pending dialog into the store; the run's summary."""
        r = self.resolved
        store = ResultStore(self.project / r.config.store)
        total = sum(len(rs) for rs in r.rows.values()) * r.config.trials
        before = {pool: pool.snapshot() for pool in self.replica_pools}
        # the run says how its agents were isolated, even if it breaks off
        store.record_isolation(store.ensure_run(self.spec), self.kit.isolation)
        try:
            if progress_factory:
                with progress_factory(total, f"evaluating {r.run.name}") as tick:
                    run_id = evaluate(r, self.spec, store, progress=tick, executor=self.executor())
            else:
                run_id = evaluate(r, self.spec, store, executor=self.executor())
        finally:
            # the run's row in the store says which replicas served it, even if it broke off (counts
            # are this process's: dialogs run as Ray tasks on other nodes are not counted yet)
            if self.replica_pools:
                store.record_replicas(run_id_for(self.spec), replica_use(self.replica_pools, before))
        metrics = {f"{m['dataset']}.{m['name']}": m["value"] for m in store.metrics(run_id)}
        results = store.dialog_results(run_id)
        lost = [res for res in results if res.termination == INFRA_ERROR]
        if lost or not results:  # stored, status `incomplete`: not a result (issue 13)
            raise RunIncomplete(run_id, len(lost), lost[0].error if lost else None)
        summary = {"submission": r.manifest.name, "run_config": r.run.name, "run_id": run_id,
                   "data_version": r.data_version, "simulator": self.spec.simulator,
                   "role_models": dict(self.spec.role_models), "protocol_id": self.spec.protocol_id,
                   "protocol": dict(self.spec.protocol), "metrics": dict(sorted(metrics.items())),
                   # the store's, not this session's: a run resumed under the jail after dialogs ran
                   # unjailed keeps the weaker (ResultStore.record_isolation), and so does its summary
                   "isolation": next(x["isolation"] for x in store.runs() if x["run_id"] == run_id)}
        if self.replica_pools:
            summary["replicas"] = store.replicas(run_id)
        return summary

    def dialog(self, row: Row, trial: int = 0) -> DialogResult:
        """One dialog with one household, not stored (the submission smoke test)."""
        r = self.resolved
        agent = self.make_agent(trial)
        try:
            return r.dialog(agent, r.user(self.user_models.get(trial, self.user_model), row), row, trial)
        finally:
            agent.close()


@contextmanager
def open_session(resolved: ResolvedRun, project: Path = Path("."), user_model: Any = None,
                 preflight: bool = True, person_plays_agent: bool = False) -> Iterator[Session]:
    """Start (or attach) the run's model servers, check them (`models.preflight`) and build the
    session; servers stop when the block ends. `user_model`: a test stand-in (resolved with its
    `stand_in_label`) used for every trial. `person_plays_agent`: play mode's agent seat, where no
    agent code runs, so there is nothing to jail (recorded as such)."""
    project = Path(project)
    r = resolved
    if r.simulator.stand_in != (user_model is not None):
        raise ValueError("a stand-in user model needs a run resolved with stand_in_label, and only then")
    spec = run_identity(r)
    # the jail rule (evaluate.isolation) is decided before any server starts: refused here, in seconds
    how = (isolation.NO_AGENT_PROCESS if person_plays_agent else isolation.SERVICE if r.manifest.is_service
           else isolation.isolation_for(r.config.isolation, r.manifest.folder, project, r.manifest.name))
    if r.manifest.is_service and not person_plays_agent:
        fetch_card(r.manifest.url, r.config.call_timeout_s)  # an unreachable service is refused before any dialog
    if r.config.executor.kind == "ray":
        import_ray()  # the clear error before any server starts
    with ExitStack() as stack:
        simulate = r.simulator.uses_model
        wanted = {**r.roles, **({"__simulator__": r.config.simulator} if simulate else {})}
        specs = attach_servers(wanted, stack)
        if preflight:  # before the first dialog: every endpoint answers, serves its model, takes a schema and a seed
            check_preflight({(SIMULATOR if k == "__simulator__" else k): s for k, s in specs.items()})
        pools = replica_pools({(SIMULATOR if k == "__simulator__" else k): s for k, s in specs.items()})
        sim = specs.pop("__simulator__", None)
        # absolute paths: a Ray task runs in another working directory (and on another machine
        # with the checkout at the same path); locally the agent is made the same way
        kit = DialogKit(r, project.resolve(), MappingProxyType(specs), sim if simulate else None, user_model, how,
                        agent_folder=Path(r.manifest.folder).resolve())
        user_models = stack.enter_context(kit.user_models(range(r.config.trials)))
        yield Session(kit, spec, user_models, pools)


def replica_pools(specs: Mapping[str, ModelSpec]) -> dict[ReplicaPool, tuple[str, tuple[str, ...]]]:
    """The replica pool of each spec with replicas: pool -> (model label, the roles it serves)."""
    out: dict[ReplicaPool, tuple[str, tuple[str, ...]]] = {}
    for role, s in sorted(specs.items()):
        if s.replicas:
            pool = pool_for(s)
            label, roles = out.get(pool, (f"{s.backend}:{s.model}", ()))
            out[pool] = (label, roles + (role,))
    return out


def replica_use(pools: Mapping[ReplicaPool, tuple[str, tuple[str, ...]]],
                before: Mapping[ReplicaPool, list[dict]]) -> list[dict]:
    """What each replica did since `before` (the pools' snapshots at the session's start): rows for
    ResultStore.record_replicas. Pools are per process and shared, so a process that runs two
    sessions at once would count both in each (the runner runs one run at a time)."""
    rows = []
    for pool, (model, roles) in pools.items():
        start = {r["endpoint"]: r for r in before.get(pool, [])}
        for now in pool.snapshot():
            was = start.get(now["endpoint"], {"calls": 0, "failures": 0})
            rows.append({"model": model, "endpoint": now["endpoint"], "roles": list(roles),
                         "calls": now["calls"] - was["calls"], "failures": now["failures"] - was["failures"],
                         "out": now["out"], "error": now["error"]})
    return rows


def check_endpoints(resolved: ResolvedRun) -> list[str]:
    """`benyfits evaluate --check`: start or attach the run's servers and run the preflight, no
    dialog; one line per problem (empty: every role's endpoint can serve the run)."""
    wanted = {**resolved.roles, **({SIMULATOR: resolved.config.simulator} if resolved.simulator.uses_model else {})}
    problems = []
    if resolved.manifest.is_service:  # the agent service answers with a usable card
        try:
            fetch_card(resolved.manifest.url, resolved.config.call_timeout_s)
        except ServiceUnreachable as e:
            problems.append(str(e))
    with ExitStack() as stack:
        return problems + [str(p) for p in run_preflight(attach_servers(wanted, stack))]


def run_submission(resolved: ResolvedRun, progress_factory: Callable | None = None, project: Path = Path("."),
                   user_model: Any = None, rerun_simulator_faults: int = 0) -> dict:
    """Evaluate a resolved run; the run's summary (also what the stage writes). With
    `rerun_simulator_faults` N, its dialogs holding a simulator fault are re-run with new simulator
    seeds, up to N times each, and recorded (`fault_reruns`); the summary lists the re-runs."""
    with open_session(resolved, project, user_model) as session:
        summary = session.run(progress_factory)
        if rerun_simulator_faults > 0:
            summary["simulator_reruns"] = [asdict(x) for x in rerun(session, summary["run_id"], rerun_simulator_faults)]
        return summary


def write_summary(path: Path, summary: dict) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(summary, indent=1, sort_keys=True) + "\n")

