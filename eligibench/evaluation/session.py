"""The one evaluation path: `open_session` builds everything a run needs (model servers, a model
spec per role, the simulated user's model, the agent factory, the store, the RunSpec), and every
caller uses it: the `evaluate` stage, `benyfits evaluate`, `benyfits submit`'s smoke dialog and
the queue worker.

Requirement texts come from the published dataset folder (its `opportunities` config), the same
data version the rows were built with; nothing reads the YAML catalog at evaluation time.
"""
from __future__ import annotations

import json
from contextlib import ExitStack, contextmanager
from dataclasses import asdict, dataclass, replace
from pathlib import Path
from typing import Any, Callable, Iterator, Mapping

import pyarrow.parquet as pq

from eligibench import paths
from eligibench.datasets import sealed
from eligibench.datasets.publish import dataset_path
from eligibench.datasets.rows import Row
from eligibench.evaluation import isolation
from eligibench.evaluation.agent_host import ProcessAgent
from eligibench.evaluation.config import EvalConfig, load_rows, subset_rows
from eligibench.evaluation.dialog_loop import run_dialog
from eligibench.evaluation.runner import RunIncomplete, RunPlan, evaluate
from eligibench.evaluation.simulator_mode import FREE_FORM, make_user, simulator_label
from eligibench.evaluation.submissions import Manifest
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


def role_specs(manifest: Manifest, config: EvalConfig) -> dict[str, ModelSpec]:
    """The model spec serving each role the manifest declares."""
    return {role: config.agent_model for role in manifest.models or {}}


@dataclass
class Session:
    manifest: Manifest
    config: EvalConfig
    project: Path
    spec: RunSpec
    plan: RunPlan
    user_model: Any
    roles: Mapping[str, dict]  # role -> ModelSpec fields, as the agent process receives them

    def make_agent(self) -> ProcessAgent:
        c = self.config
        return ProcessAgent(self.manifest.folder, self.manifest.entry_point, self.roles, c.seed,
                            self.manifest.options, [self.project / h for h in paths.HIDDEN],
                            c.call_timeout_s, c.agent_memory_mb,
                            read_only=[self.project / paths.GENERATED / self.manifest.name], cwd=self.project,
                            trusted=isolation.trusted(self.manifest.name, self.manifest.folder, self.project),
                            budget=c.budget)

    def run(self, progress_factory: Callable | None = None) -> dict:
        """Evaluate every pending dialog into the store; the run's summary."""
        store = ResultStore(self.project / self.config.store)
        total = sum(len(r) for r in self.plan.rows.values()) * self.config.trials
        if progress_factory:
            with progress_factory(total, f"evaluating {self.manifest.name}") as tick:
                run_id = evaluate(self.plan, store, self.make_agent, self.user_model, tick)
        else:
            run_id = evaluate(self.plan, store, self.make_agent, self.user_model)
        metrics = {f"{m['dataset']}.{m['name']}": m["value"] for m in store.metrics(run_id)}
        results = store.dialog_results(run_id)
        failed = sum(r.termination == INFRA_ERROR for r in results)
        if failed or not results:
            raise RunIncomplete(run_id, failed)  # stored, status `incomplete`: not a result (issue 13)
        return {"submission": self.manifest.name, "run_id": run_id, "data_version": self.spec.data_version,
                "simulator": self.spec.simulator, "metrics": dict(sorted(metrics.items()))}

    def dialog(self, row: Row, trial: int = 0) -> DialogResult:
        """One dialog with one household, not stored (the submission smoke test)."""
        agent = self.make_agent()
        try:
            labels = dict(zip(row.opportunities, row.labels))
            return run_dialog(agent, make_user(self.config.simulator_mode, self.user_model, row),
                              [self.plan.briefs[o] for o in row.opportunities], labels, row.id, row.dataset,
                              trial, self.config.max_questions)
        finally:
            agent.close()


@contextmanager
def open_session(manifest: Manifest, config: EvalConfig, project: Path = Path("."),
                 rows: Mapping[str, list[Row]] | None = None, user_model: Any = None,
                 user_label: str | None = None, split: str = "public") -> Iterator[Session]:
    """Start (or attach) model servers, build the run; servers stop when the block ends.

    `user_model` replaces the configured simulator (the quoting test stand-in) and must come with
    the `user_label` runs are recorded under."""
    project = Path(project)
    if user_model is not None:  # a stand-in replaces the simulator, and plays the free-form protocol
        config = replace(config, simulator_mode=FREE_FORM)
    dataset_dir = project / paths.DATASET_DIR
    if split not in sealed.SPLITS:
        raise ValueError(f"split is {split!r}, expected one of {sealed.SPLITS}")
    if rows is None and split == "sealed":  # the official protocol: households built from the secret seed
        rows = subset_rows(config, sealed.load_rows(project, sealed.read_secret().round))
    rows = dict(rows) if rows is not None else load_rows(config, dataset_dir)
    data_version = next(iter(r.data_version for rs in rows.values() for r in rs), "unknown")
    briefs = load_briefs(dataset_dir, data_version)
    with ExitStack() as stack:
        wanted = dict(role_specs(manifest, config))
        simulate = user_model is None and config.simulator_mode.uses_model  # grounded lexical/template: no model
        if simulate:
            wanted["__simulator__"] = config.simulator
        specs = attach_servers(wanted, stack)
        if user_model is None:
            user_model = stack.enter_context(make_model(specs.pop("__simulator__"))) if simulate else None
            user_label = simulator_label(config.simulator_label, config.simulator_mode)
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
                    "model_ids": {role: model_identity(s) for role, s in sorted(specs.items())},
                    "simulator_id": model_identity(config.simulator) if simulate else user_label}
            | ({"simulator_mode": config.simulator_mode.label} if config.simulator_mode.grounded else {}),
            data_version=data_version, datasets=tuple(rows), trials=config.trials,
            extra={"strategy": manifest.strategy, "authors": list(manifest.authors), "license": manifest.license,
                   "code_sha256": code_hash(manifest.folder)},
        )
        plan = RunPlan(spec, rows, briefs, config.concurrency, config.infra_retries, config.max_questions,
                       config.bootstrap, config.seed, simulator_mode=config.simulator_mode)
        yield Session(manifest, config, project, spec, plan, user_model,
                      {role: asdict(s) for role, s in specs.items()})


def run_submission(manifest: Manifest, config: EvalConfig, progress_factory: Callable | None = None,
                   project: Path = Path("."), rows: Mapping[str, list[Row]] | None = None,
                   user_model: Any = None, user_label: str | None = None, split: str = "public") -> dict:
    """Evaluate a submission under `config`; the run's summary (also what the stage writes)."""
    with open_session(manifest, config, project, rows, user_model, user_label, split) as session:
        return session.run(progress_factory)


def write_summary(path: Path, summary: dict) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(summary, indent=1, sort_keys=True) + "\n")

