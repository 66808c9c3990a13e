"""The one evaluation path: `open_session` builds everything a run needs (model servers, a model
spec per role, the simulated user's model, the agent factory, the store, the RunSpec), and every
caller uses it: the `evaluate` stage, `benyfits evaluate`, `benyfits submit`'s smoke dialog and
the queue worker.

Requirement texts come from the published dataset folder (its `opportunities` config), the same
data version the rows were built with; nothing reads the YAML catalog at evaluation time.

A session evaluates one run configuration (`config.RunConfig`: submission, a model spec per
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
from typing import Any, Callable, Iterator, Mapping

import pyarrow.parquet as pq

from eligibench import paths
from eligibench.datasets import sealed
from eligibench.datasets.publish import dataset_path
from eligibench.datasets.rows import Row
from eligibench.evaluation import isolation
from eligibench.evaluation.agent_host import ProcessAgent
from eligibench.evaluation.config import EvalConfig, RunConfig, dataset_totals, load_rows, subset_rows
from eligibench.evaluation.dialog_loop import run_dialog
from eligibench.evaluation.protocol import DatasetUse, Protocol, is_reference, model_label
from eligibench.evaluation.protocol import simulator_label as protocol_simulator_label
from eligibench.evaluation.runner import RunIncomplete, RunPlan, evaluate
from eligibench.evaluation.seeds import AGENT, SIMULATOR, seed_table
from eligibench.evaluation.simulator_mode import FREE_FORM, make_user, simulator_label
from eligibench.evaluation.submissions import Manifest, SubmissionError
from eligibench.evaluation.types import OpportunityBrief
from eligibench.models import ModelSpec, make_model
from eligibench.models.serving import attach_servers, model_identity
from eligibench.results.identity import code_hash
from eligibench.results.records import INFRA_ERROR, DialogResult, RunSpec
from eligibench.results.store import ResultStore


def load_briefs(dataset_dir: Path, data_version: str | None = None) -> dict[str, OpportunityBrief]:
    """Requirement texts as published beside the rows (`opportunities` config)."""
    table = pq.read_table(dataset_path(dataset_dir, "opportunities", data_version), columns=["id", "name", "requirements"])
    return {d["id"]: OpportunityBrief(d["id"], d["name"], d["requirements"]) for d in table.to_pylist()}


def role_specs(manifest: Manifest, config: EvalConfig, run: RunConfig | None = None) -> dict[str, ModelSpec]:
    """The model spec serving each role the manifest declares: the run configuration's spec for
    that role, else `evaluate.agent_model`."""
    run = run or config.default_run(manifest.name)
    declared = dict(manifest.models or {})
    extra = sorted(set(run.models) - set(declared))
    if extra:
        raise SubmissionError(f"params.yaml: run configuration {run.name!r} sets models for role(s) {extra}, but "
                              f"{manifest.name}'s manifest declares {sorted(declared) or 'no roles'}")
    return {role: run.models.get(role, config.agent_model) for role in declared}



@dataclass
class Session:
    manifest: Manifest
    config: EvalConfig
    project: Path
    spec: RunSpec
    plan: RunPlan
    user_models: Mapping[int, Any]  # trial -> the simulated user's model, seeded for that trial
    roles: Mapping[str, dict]  # role -> ModelSpec fields, as the agent process receives them
    run_config: RunConfig | None = None
    seeds: Mapping[str, Mapping[str, int]] = field(default_factory=dict)  # trial -> role -> seed
    options: Mapping[str, Any] = field(default_factory=dict)  # manifest options + the configuration's

    @property
    def user_model(self) -> Any:
        return self.user_models[0]

    def make_agent(self, trial: int = 0) -> ProcessAgent:
        c = self.config
        seeds = self.seeds.get(str(trial), {})
        roles = {role: {**spec, "seed": seeds.get(role, spec.get("seed"))} for role, spec in self.roles.items()}
        return ProcessAgent(self.manifest.folder, self.manifest.entry_point, roles, seeds.get(AGENT, c.seed),
                            self.options, [self.project / h for h in paths.HIDDEN],
                            c.call_timeout_s, c.agent_memory_mb,
                            read_only=[self.project / paths.GENERATED / self.manifest.name], cwd=self.project,
                            trusted=isolation.trusted(self.manifest.name, self.manifest.folder, self.project),
                            budget=c.budget)

    def run(self, progress_factory: Callable | None = None) -> dict:
        """Evaluate every pending dialog into the store; the run's summary."""
        store = ResultStore(self.project / self.config.store)
        total = sum(len(r) for r in self.plan.rows.values()) * self.config.trials
        if progress_factory:
            with progress_factory(total, f"evaluating {self.spec.run_config or self.manifest.name}") as tick:
                run_id = evaluate(self.plan, store, self.make_agent, self.user_models, tick)
        else:
            run_id = evaluate(self.plan, store, self.make_agent, self.user_models)
        metrics = {f"{m['dataset']}.{m['name']}": m["value"] for m in store.metrics(run_id)}
        results = store.dialog_results(run_id)
        failed = sum(r.termination == INFRA_ERROR for r in results)
        if failed or not results:
            raise RunIncomplete(run_id, failed)  # stored, status `incomplete`: not a result (issue 13)
        return {"submission": self.manifest.name, "run_config": self.spec.run_config, "run_id": run_id,
                "data_version": self.spec.data_version, "simulator": self.spec.simulator,
                "role_models": dict(self.spec.role_models), "protocol_id": self.spec.protocol_id,
                "protocol": dict(self.spec.protocol), "metrics": dict(sorted(metrics.items()))}

    def dialog(self, row: Row, trial: int = 0) -> DialogResult:
        """One dialog with one household, not stored (the submission smoke test)."""
        agent = self.make_agent(trial)
        try:
            labels = dict(zip(row.opportunities, row.labels))
            return run_dialog(agent, make_user(self.config.simulator_mode, self.user_models.get(trial, self.user_model), row),
                              [self.plan.briefs[o] for o in row.opportunities], labels, row.id, row.dataset,
                              trial, self.config.max_questions)
        finally:
            agent.close()


def run_protocol(rows: Mapping[str, list[Row]], totals: Mapping[str, int], config: EvalConfig,
                 simulator: str, reference: bool, backend: str, split: str = "public") -> Protocol:
    """The protocol of a run over `rows` (households_total: the published dataset's size)."""
    datasets = {d: DatasetUse(rs[0].data_version if rs else "unknown", len(rs), max(totals.get(d, len(rs)), len(rs)))
                for d, rs in rows.items()}
    return Protocol(datasets, config.max_questions, config.trials, simulator, reference, backend, split)


@contextmanager
def open_session(manifest: Manifest, config: EvalConfig, project: Path = Path("."),
                 rows: Mapping[str, list[Row]] | None = None, user_model: Any = None,
                 user_label: str | None = None, run: RunConfig | None = None,
                 split: str = "public") -> Iterator[Session]:
    """Start (or attach) model servers, build the run; servers stop when the block ends.

    `run` is the run configuration (default: `config.default_run(manifest.name)`). `user_model`
    replaces the configured simulator (the quoting test stand-in, used for every trial) and must
    come with the `user_label` runs are recorded under."""
    project = Path(project)
    if user_model is not None:  # a stand-in replaces the simulator, and plays the free-form protocol
        config = replace(config, simulator_mode=FREE_FORM)
    run = run or config.default_run(manifest.name)
    dataset_dir = project / paths.DATASET_DIR
    if split not in sealed.SPLITS:
        raise ValueError(f"split is {split!r}, expected one of {sealed.SPLITS}")
    if rows is None and split == "sealed":  # the official protocol: households built from the secret seed
        rows = subset_rows(config, sealed.load_rows(project, sealed.read_secret().round))
    rows = dict(rows) if rows is not None else load_rows(config, dataset_dir)
    data_version = next(iter(r.data_version for rs in rows.values() for r in rs), "unknown")
    briefs = load_briefs(dataset_dir, data_version)
    wanted = role_specs(manifest, config, run)
    seeds = seed_table(config.seed, config.trials, wanted)
    options = {**dict(manifest.options or {}), **dict(run.options)}
    if user_model is None:
        # the paper's reference simulator is free-form; a grounded mode over it is a custom simulator
        label = simulator_label(protocol_simulator_label(config.simulator), config.simulator_mode)
        reference = is_reference(config.simulator) and not config.simulator_mode.grounded
        # the configured simulator's backend even when its mode calls no model: grounded
        # lexical/template over the embedded spec is the CPU default, the labelled smoke protocol
        protocol = run_protocol(rows, dataset_totals(dataset_dir, data_version), config, label,
                                reference, config.simulator.backend, split)
    else:
        label = user_label or "stand-in"
        protocol = run_protocol(rows, dataset_totals(dataset_dir, data_version), config, label, False, "stand-in", split)
    with ExitStack() as stack:
        simulate = user_model is None and config.simulator_mode.uses_model  # grounded lexical/template: no model
        specs = attach_servers({**wanted, **({"__simulator__": config.simulator} if simulate else {})}, stack)
        if user_model is None:
            sim = specs.pop("__simulator__", None)
            user_models = {k: stack.enter_context(make_model(replace(sim, seed=seeds[str(k)][SIMULATOR])))
                           if simulate else None for k in range(config.trials)}
            user_label = simulator_label(config.simulator_label, config.simulator_mode)
        else:
            user_models = {k: user_model for k in range(config.trials)}
        spec = RunSpec(
            submission=manifest.name,
            agent_models={role: f"{s.backend}:{s.model}" for role, s in specs.items()},
            simulator=user_label,
            params={"subset": dict(config.subset), "subset_select": config.subset_select,
                    "trials": config.trials, "seed": config.seed, "max_questions": config.max_questions,
                    "simulator_max_tokens": config.simulator.max_tokens,
                    # issue 13: every limit and identity that changes results is part of the run id
                    "split": split,  # public (development) and sealed runs are never ranked together
                    "call_timeout_s": config.call_timeout_s, "agent_memory_mb": config.agent_memory_mb,
                    "budget": asdict(config.budget),
                    "models": {role: model_identity(s) for role, s in sorted(wanted.items())},
                    "simulator_id": model_identity(config.simulator) if simulate else user_label,
                    "options": options, "trial_seeds": seeds}
            | ({"simulator_mode": config.simulator_mode.label} if config.simulator_mode.grounded else {}),
            data_version=data_version, datasets=tuple(rows), trials=config.trials,
            extra={"strategy": manifest.strategy, "authors": list(manifest.authors), "license": manifest.license,
                   "code_sha256": code_hash(manifest.folder), "run_config": run.name},
            run_config=run.name,
            role_models={role: model_label(s) for role, s in wanted.items()},
            protocol_id=protocol.protocol_id,
            protocol=protocol.to_json(),
        )
        plan = RunPlan(spec, rows, briefs, config.concurrency, config.infra_retries, config.max_questions,
                       config.bootstrap, config.seed, simulator_mode=config.simulator_mode)
        yield Session(manifest, config, project, spec, plan, user_models,
                      {role: asdict(s) for role, s in specs.items()}, run, seeds, options)


def run_submission(manifest: Manifest, config: EvalConfig, progress_factory: Callable | None = None,
                   project: Path = Path("."), rows: Mapping[str, list[Row]] | None = None,
                   user_model: Any = None, user_label: str | None = None, run: RunConfig | None = None,
                   split: str = "public") -> dict:
    """Evaluate a submission under `config` (and run configuration `run`); the run's summary
    (also what the stage writes)."""
    with open_session(manifest, config, project, rows, user_model, user_label, run, split) as session:
        return session.run(progress_factory)


def write_summary(path: Path, summary: dict) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(summary, indent=1, sort_keys=True) + "\n")

