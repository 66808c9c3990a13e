"""The data model of a run, in one place: the frozen types a run configuration becomes on its way
from params.yaml to the store, and the one conversion between each two.

    params.yaml `evaluate`  --config.read_config-->   EvalConfig (its RunConfigs, ExecutorConfig)
    EvalConfig + Manifest   --resolve.resolve_run-->  ResolvedRun (SimulatorSetup, Protocol)
    ResolvedRun             --resolve.run_identity--> RunSpec, the stored record (its run id: results.run_id_for)
    ResolvedRun + RunSpec   --plan_for-->             RunPlan, what the runner and its executors are given
                                                      (the two by reference: no field is copied)

`load.load_run(name | folder | manifest, project, overrides)` runs the first two for every caller.
The stored record `RunSpec` stays in `results/records.py`: the store (`results/`) is an earlier
phase than `evaluation/` and reads and writes records without importing evaluation code
(tests/test_architecture.py); this module names it and builds it, never redefines it.
Before this module the same run lived in six shapes across config.py, resolve.py, plan.py and
session.py (RunPlan filled field by field there), and a second class named `Protocol` lived in
results/vocabulary.py (now `StoredProtocol`, the read side of `protocol.Protocol`). RunPlan then
still copied ten fields of the ResolvedRun, and the session held the roles, the project and the
plan beside the resolved run; now RunPlan, DialogKit and Session hold the ResolvedRun itself.
"""
from __future__ import annotations

from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any, Mapping, Sequence

from eligibench.datasets import Row
from eligibench.errors import ParamsError
from eligibench.evaluation.hosting import DialogBudget, Manifest, OpportunityBrief
from eligibench.evaluation.run.protocol import DEFAULT_EDITION, Protocol
from eligibench.evaluation.run.seeds import SIMULATOR
from eligibench.evaluation.user import FREE_FORM, SimulatorMode
from eligibench.models import ModelSpec
from eligibench.results import RunSpec


@dataclass(frozen=True)
class ExecutorConfig:
    """Where a run's dialogs execute (`evaluate.executor`, `evaluate.ray`): never part of a run's
    identity, since it changes where dialogs run, not what they compute (docs/scale.md)."""

    kind: str = "local"  # "local": threads in this process (evaluate.concurrency); "ray": Ray tasks
    address: str | None = None  # ray: the cluster (None: $RAY_ADDRESS, else a one-node Ray started here)
    dialogs_per_task: int = 2  # ray: dialogs one task runs on one agent process (results stream per task)
    max_retries: int = 3  # ray: re-runs of a task whose node or worker died


@dataclass(frozen=True)
class RunConfig:
    """One named run configuration: a submission folder, a model spec per role, agent options."""

    name: str
    submission: str  # folder name under submissions/
    models: Mapping[str, ModelSpec] = field(default_factory=dict)  # role -> spec (roles set here)
    options: Mapping[str, Any] = field(default_factory=dict)  # merged over the manifest's options


def about(help: str, **kw: Any) -> Any:
    """A dataclass field that carries its description (`dataclasses.fields(T)[i].metadata["help"]`):
    what the field means is read from the type itself (tests/evaluation/test_run_model.py)."""
    return field(metadata={"help": help}, **kw)


@dataclass(frozen=True)
class EvalConfig:
    """What the user configured: params.yaml `evaluate`, validated at the edge (`config.read_config`)."""

    simulator: ModelSpec = about("evaluate.simulator: the simulated user's model spec")
    agent_model: ModelSpec = about("evaluate.agent_model: the spec of every agent role a run configuration leaves out")
    subset: Mapping[str, int | None] = about("evaluate.subset: dataset -> N households (None = all)")
    subset_select: str = about("evaluate.subset_select: 'first' by id, or 'shortest' (the N shortest profiles: "
                               "CPU runs fit context and time)")
    trials: int = about("evaluate.trials: dialogs per household, each with its own seeds")
    max_questions: int | None = about("evaluate.max_questions: questions per dialog at most (None: the protocol's "
                                      "limits; CPU smoke runs cap them)")
    concurrency: int = about("evaluate.concurrency: dialogs at once (local executor)")
    infra_retries: int = about("evaluate.infra_retries: re-runs of a dialog whose harness endpoint failed")
    call_timeout_s: float = about("evaluate.call_timeout_s: one agent call's limit, seconds")
    agent_memory_mb: int = about("evaluate.agent_memory_mb: the agent process's memory limit")
    bootstrap: int = about("evaluate.bootstrap: resamples of the confidence intervals")
    seed: int = about("evaluate.seed: the run's seed; trial seeds derive from it (seeds.py)")
    store: Path = about("evaluate.store: the DuckDB result store, relative to the project")
    submissions: tuple[str, ...] = about("the submission folders the configurations use, in order")
    runs: Mapping[str, RunConfig] = about("evaluate.runs: name -> run configuration", default_factory=dict)
    budget: DialogBudget = about("evaluate.budget: per dialog of a hosted agent (calls, tokens, wall_s)",
                                 default=DialogBudget())
    simulator_mode: SimulatorMode = about("evaluate.simulator_mode: free-form (v1) or grounded", default=FREE_FORM)
    edition: str = about("evaluate.edition: the rules the run is evaluated under (docs/editions.md): the "
                         "edition's datasets, requirement texts and ground truth", default=DEFAULT_EDITION)
    executor: ExecutorConfig = about("evaluate.executor / evaluate.ray: where dialogs run; not in the run identity",
                                     default=ExecutorConfig())
    # not in the run identity: the run records how it was isolated instead (runs.isolation)
    isolation: str = about("evaluate.isolation: 'auto' (reference agents may run unjailed when bubblewrap is "
                           "missing) or 'jail' (every agent needs bubblewrap)", default="auto")

    @property
    def simulator_label(self) -> str:
        s = self.simulator
        return f"{s.backend}:{s.model}@t{s.temperature}/s{s.seed}"

    def run(self, name: str) -> RunConfig:
        """The configuration `name`; the error lists the configured names."""
        if name not in self.runs:
            raise ParamsError(f"params.yaml: no run configuration {name!r} in 'evaluate.runs' "
                              f"(configured: {', '.join(self.runs) or 'none'})")
        return self.runs[name]

    def default_run(self, submission: str) -> RunConfig:
        """The configuration a submitted folder is evaluated with: the one named like the
        submission if it uses that folder, else defaults for every role (the queue worker)."""
        run = self.runs.get(submission)
        if run is not None and run.submission == submission:
            return run
        return RunConfig(submission, submission)


@dataclass(frozen=True)
class SimulatorSetup:
    """The simulated user of a run: its model spec (whose max_tokens every answer uses), mode,
    the labels it is recorded under, and whether it is the reference or a stand-in."""

    spec: ModelSpec
    mode: SimulatorMode
    label: str  # RunSpec.simulator (the run id covers it)
    protocol_label: str  # Protocol.simulator: the reference's name or "custom simulator: ..."
    reference: bool
    stand_in: bool = False  # a test stand-in (the quoting user) replaces the model

    @property
    def max_tokens(self) -> int:
        return self.spec.max_tokens

    @property
    def uses_model(self) -> bool:
        """A model is called for the simulated user (grounded lexical/template calls none)."""
        return not self.stand_in and self.mode.uses_model


@dataclass(frozen=True)
class ResolvedRun:
    """What was resolved from the configuration: everything one run uses and records, derived once
    (`resolve.resolve_run`, reached through `load.load_run`). The session, its dialog kit and the
    runner's plan hold this object, never copies of its fields."""

    name: str = about("the run configuration's name (evaluate.runs)")
    manifest: Manifest = about("the submission's manifest")
    split: str = about("public (development) or sealed")
    rows: Mapping[str, tuple[Row, ...]] = about("dataset -> the rows evaluated (subset applied)")
    briefs: Mapping[str, OpportunityBrief] = about("opportunity -> its requirement text, as published")
    roles: Mapping[str, ModelSpec] = about("role -> the spec the agent's calls use (no server attached yet)")
    options: Mapping[str, Any] = about("the agent's options: the manifest's, with the configuration's over them")
    simulator: SimulatorSetup = about("the simulated user: spec, mode, labels")
    protocol: Protocol = about("what the run is evaluated under (recorded; its id is in the run id)")
    budget: DialogBudget = about("per dialog of a hosted agent")
    data_version: str = about("the published datasets' version the rows come from")
    trials: int = about("dialogs per household")
    seed: int = about("the run's seed")
    seeds: Mapping[str, Mapping[str, int]] = about("trial -> role -> seed (seeds.seed_table)")
    max_questions: int | None = about("questions per dialog at most (None: the protocol's limits)")
    concurrency: int = about("dialogs at once (local executor)")
    infra_retries: int = about("re-runs of a dialog whose harness endpoint failed")
    call_timeout_s: float = about("one agent call's limit, seconds")
    agent_memory_mb: int = about("the agent process's memory limit")
    bootstrap: int = about("resamples of the confidence intervals")
    store: Path = about("the result store, relative to the project")
    extra: Mapping[str, Any] = about("subset and subset_select, as configured (the run id covers them)",
                                     default_factory=dict)
    executor: ExecutorConfig = about("where the dialogs execute: deliberately not read by run_identity "
                                     "(same run, same results)", default=ExecutorConfig())
    isolation: str = about("evaluate.isolation (hosting.isolation.isolation_for): not in the identity either",
                           default="auto")

    def simulator_spec(self, trial: int) -> ModelSpec:
        """The simulator's spec for one trial (its seed derived for that trial)."""
        return replace(self.simulator.spec, seed=self.seeds[str(trial)][SIMULATOR])

    def role_spec(self, role: str, trial: int) -> ModelSpec:
        """A role's spec for one trial (its seed derived for that trial)."""
        return replace(self.roles[role], seed=self.seeds[str(trial)].get(role, self.roles[role].seed))


@dataclass(frozen=True)
class RunPlan:
    """What the runner and its executors are given for one run (`plan_for`): its identity and the
    resolved run itself, a reference (it copies no field; the properties below are what the runner
    reads). Ray ships it whole to each task (cloudpickle: its read-only mappings are not
    plain-picklable)."""

    spec: RunSpec
    run: ResolvedRun

    @property
    def rows(self) -> Mapping[str, Sequence[Row]]:
        """dataset -> rows to evaluate (already subset)."""
        return self.run.rows

    @property
    def briefs(self) -> Mapping[str, OpportunityBrief]:
        return self.run.briefs

    @property
    def user_max_tokens(self) -> int:
        """Every simulated-user answer's limit: the simulator spec's max_tokens."""
        return self.run.simulator.max_tokens

    @property
    def simulator_mode(self) -> SimulatorMode:
        return self.run.simulator.mode

    @property
    def concurrency(self) -> int:
        return self.run.concurrency

    @property
    def infra_retries(self) -> int:
        return self.run.infra_retries

    @property
    def max_questions(self) -> int | None:
        return self.run.max_questions

    @property
    def bootstrap(self) -> int:
        return self.run.bootstrap

    @property
    def seed(self) -> int:
        return self.run.seed


def plan_for(resolved: ResolvedRun, spec: RunSpec) -> RunPlan:
    """The runner's input: the resolved run and its identity (nothing derived or copied here)."""
    return RunPlan(spec, resolved)
