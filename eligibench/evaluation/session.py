"""One evaluation session: start the simulated user's model (and the embedded server when
needed), build the submission's agent in its own process, run, and summarise."""
from __future__ import annotations

import json
from contextlib import ExitStack
from dataclasses import asdict, replace
from pathlib import Path
from typing import Callable

from ..catalog import load_catalog
from ..models import EmbeddedServer, ModelSpec, make_model
from .agent_host import ProcessAgent
from .config import EvalConfig, load_rows
from .runner import RunPlan, evaluate
from .store import ResultStore
from .submissions import Manifest
from .types import OpportunityBrief, RunSpec

HIDDEN = ("benyfits", "data", "results", "reports")  # what agents may not read


def _shared_server_specs(config: EvalConfig, stack: ExitStack) -> tuple[ModelSpec, ModelSpec]:
    """Embedded specs without a URL share one llama.cpp server started here."""
    sim, agent = config.simulator, config.agent_model
    if "embedded" in (sim.backend, agent.backend) and not (sim.base_url and agent.base_url):
        server = stack.enter_context(EmbeddedServer())
        if sim.backend == "embedded" and not sim.base_url:
            sim = replace(sim, base_url=server.base_url)
        if agent.backend == "embedded" and not agent.base_url:
            agent = replace(agent, base_url=server.base_url)
    return sim, agent


def run_submission(manifest: Manifest, config: EvalConfig, progress_factory: Callable | None = None,
                   project: Path = Path("."), rows: dict | None = None) -> dict:
    rows = rows if rows is not None else load_rows(config, project / "benyfits")
    catalog = load_catalog(project / "opportunities")
    briefs = {o.id: OpportunityBrief(o.id, o.name, o.requirements) for o in catalog.opportunities}
    data_version = next(iter(r.data_version for rs in rows.values() for r in rs), "unknown")
    with ExitStack() as stack:
        sim_spec, agent_spec = _shared_server_specs(config, stack)
        roles = {role: asdict(agent_spec) for role in (manifest.models or {})}
        spec = RunSpec(
            submission=manifest.name,
            agent_models={role: f"{agent_spec.backend}:{agent_spec.model}" for role in manifest.models},
            simulator=config.simulator_label,
            params={"subset": dict(config.subset), "subset_select": config.subset_select,
                    "trials": config.trials, "seed": config.seed,
                    "max_questions": config.max_questions,
                    "simulator_max_tokens": config.simulator.max_tokens},
            data_version=data_version, datasets=tuple(rows), trials=config.trials,
            extra={"strategy": manifest.strategy, "authors": list(manifest.authors), "license": manifest.license},
        )
        user_model = stack.enter_context(make_model(sim_spec))
        store = ResultStore(project / config.store)
        total = sum(len(r) for r in rows.values()) * config.trials

        def make_agent():
            return ProcessAgent(manifest.folder, manifest.entry_point, roles, config.seed, manifest.options,
                                [project / h for h in HIDDEN], config.call_timeout_s, config.agent_memory_mb)

        plan = RunPlan(spec, rows, briefs, config.concurrency, config.infra_retries, config.max_questions,
                       config.bootstrap, config.seed)
        if progress_factory:
            with progress_factory(total, f"evaluating {manifest.name}") as tick:
                run_id = evaluate(plan, store, make_agent, user_model, tick)
        else:
            run_id = evaluate(plan, store, make_agent, user_model)
    metrics = {f"{m['dataset']}.{m['name']}": m["value"] for m in store.metrics(run_id)}
    return {"submission": manifest.name, "run_id": run_id, "data_version": data_version,
            "simulator": config.simulator_label, "metrics": dict(sorted(metrics.items()))}


def write_summary(path: Path, summary: dict) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(summary, indent=1, sort_keys=True) + "\n")
