"""The data model of a run: two frozen types, what the user configured and what was resolved
from it, and the one conversion between each two shapes.

    params.yaml `evaluate` + flags --load.load_config-->   EvalConfig (its RunConfigs, its ExecutorConfig)
    EvalConfig + Manifest          --resolve.resolve_run-->  ResolvedRun (holds the EvalConfig and RunConfig,
                                                             adds SimulatorSetup, Protocol, rows, roles, seeds)
    ResolvedRun                    --resolve.run_identity--> RunSpec, its stored form (run id: results.run_id_for)

`load.load_run(name | folder | manifest, project, overrides)` runs the first two for every caller,
validating the params at that edge (`config.read_config`). `RunConfig` and `ExecutorConfig` are
parts of the EvalConfig (one run configuration, where dialogs execute) and `SimulatorSetup` a part
of the ResolvedRun; no type copies another's fields: the ResolvedRun reads every setting it does
not resolve from its `config`, and the runner, the executors, the dialog kit and the session hold
the ResolvedRun itself. The stored record `RunSpec` stays in `results/records.py`, built by
`run_identity` alone: the store (`results/`) is an earlier phase than `evaluation/` and reads and
writes records without importing evaluation code (tests/test_architecture.py).

History, so the shape is not re-grown: the same run once lived in eight shapes (EvalConfig,
RunConfig, ExecutorConfig, ResolvedRun, RunPlan, RunSpec, DialogKit, Session), the ResolvedRun
copying fourteen settings of the EvalConfig and RunPlan pairing it with its spec; the cap
`max_questions` was passed by hand through five dialog call sites (now `ResolvedRun.dialog`).
"""
from __future__ import annotations

from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any, Mapping

from eligibench.datasets import Row
from eligibench.errors import ParamsError
from eligibench.evaluation.hosting import Agent, DialogBudget, Manifest, OpportunityBrief, question_limit
from eligibench.evaluation.run.dialog_loop import run_dialog
from eligibench.evaluation.run.protocol import DEFAULT_EDITION, Protocol
from eligibench.evaluation.run.seeds import SIMULATOR
from eligibench.evaluation.user import FREE_FORM, SimulatedUser, SimulatorMode, make_user
from eligibench.models import ModelSpec
from eligibench.results import DialogResult


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
    """What was resolved about a run's simulated user: the mode it plays (a stand-in plays
    free-form whatever `evaluate.simulator_mode` says), the labels it is recorded under, and
    whether it is the reference or a stand-in. Its model spec is the configuration's
    (`ResolvedRun.config.simulator`, whose max_tokens every answer uses), not copied here."""

    mode: SimulatorMode
    label: str  # RunSpec.simulator (the run id covers it)
    protocol_label: str  # Protocol.simulator: the reference's name or "custom simulator: ..."
    reference: bool
    stand_in: bool = False  # a test stand-in (the quoting user) replaces the model

    @property
    def uses_model(self) -> bool:
        """A model is called for the simulated user (grounded lexical/template calls none)."""
        return not self.stand_in and self.mode.uses_model


@dataclass(frozen=True)
class ResolvedRun:
    """What was resolved from the configuration: everything one run uses, derived once
    (`resolve.resolve_run`, reached through `load.load_run`). It holds what the user configured
    (`config`, `run`) by reference and adds only what was resolved from them; a setting read as
    configured (trials, seed, the question cap, timeouts, the store, the executor...) is read from
    `config`, never copied here. The session, its dialog kit and the runner hold this object."""

    config: EvalConfig = about("what the user configured (params.yaml `evaluate` with the command's flags over it): "
                               "every setting used as configured is read here")
    run: RunConfig = about("the run configuration evaluated (evaluate.runs): its name names the run")
    manifest: Manifest = about("the submission's manifest")
    split: str = about("public (development) or sealed")
    rows: Mapping[str, tuple[Row, ...]] = about("dataset -> the rows evaluated (subset applied)")
    briefs: Mapping[str, OpportunityBrief] = about("opportunity -> its requirement text, as published")
    roles: Mapping[str, ModelSpec] = about("role -> the spec the agent's calls use (no server attached yet)")
    options: Mapping[str, Any] = about("the agent's options: the manifest's, with the configuration's over them")
    simulator: SimulatorSetup = about("the simulated user: spec, mode, labels")
    protocol: Protocol = about("what the run is evaluated under (recorded; its id is in the run id)")
    data_version: str = about("the published datasets' version the rows come from")
    seeds: Mapping[str, Mapping[str, int]] = about("trial -> role -> seed (seeds.seed_table)")

    def simulator_spec(self, trial: int) -> ModelSpec:
        """The simulator's spec for one trial (its seed derived for that trial)."""
        return replace(self.config.simulator, seed=self.seeds[str(trial)][SIMULATOR])

    def role_spec(self, role: str, trial: int) -> ModelSpec:
        """A role's spec for one trial (its seed derived for that trial)."""
        return replace(self.roles[role], seed=self.seeds[str(trial)].get(role, self.roles[role].seed))

    def question_limit(self, opportunities: int) -> int:
        """The questions a dialog over this many opportunities may ask (the configured cap, if any)."""
        return question_limit(opportunities, self.config.max_questions)

    def user(self, model: Any, row: Row) -> SimulatedUser:
        """The simulated user of one household, over `model` (None: a grounded mode that calls none)."""
        return make_user(self.simulator.mode, model, row, self.config.simulator.max_tokens)

    def dialog(self, agent: Agent, user: SimulatedUser, row: Row, trial: int = 0,
               dataset: str | None = None) -> DialogResult:
        """One dialog of this run with one household: its briefs, its labels, the run's question
        cap (every caller runs a dialog this way: executors, fault re-runs, smoke, play).
        `dataset`: the key the run's rows are stored under (default: the row's own)."""
        return run_dialog(agent, user, [self.briefs[o] for o in row.opportunities],
                          dict(zip(row.opportunities, row.labels)), row.id, dataset or row.dataset, trial,
                          self.config.max_questions, self.simulator.mode.patience)
