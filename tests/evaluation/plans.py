"""`runner_plan`: a RunPlan for tests that drive the runner directly, without a manifest or a
params file. The plan holds a ResolvedRun (it copies no field), so this builds the smallest
resolved run the runner reads: rows, briefs and the dialog settings; the rest are placeholders
the runner never reads (a test that needs them resolves a real run)."""
from __future__ import annotations

from pathlib import Path
from types import MappingProxyType
from typing import Mapping, Sequence

from eligibench.datasets import Row
from eligibench.evaluation.hosting import DialogBudget, Manifest, OpportunityBrief
from eligibench.evaluation.run import Protocol, ResolvedRun, RunPlan, SimulatorSetup, plan_for
from eligibench.evaluation.user import FREE_FORM, SimulatorMode
from eligibench.models import ModelSpec
from eligibench.results import RunSpec


def runner_plan(spec: RunSpec, rows: Mapping[str, Sequence[Row]], briefs: Mapping[str, OpportunityBrief],
                user_max_tokens: int = 48, concurrency: int = 1, infra_retries: int = 1,
                max_questions: int | None = None, bootstrap: int = 1000, seed: int = 0,
                simulator_mode: SimulatorMode = FREE_FORM) -> RunPlan:
    """The plan the runner gets for `spec` over these rows (the old RunPlan's arguments, in order)."""
    user = ModelSpec("embedded", "test-user", max_tokens=user_max_tokens)
    manifest = Manifest(Path("unused"), spec.submission, "test", (), "agent:Agent", {}, "MIT")
    resolved = ResolvedRun(
        name=spec.run_config or spec.submission, manifest=manifest, split="public",
        rows=MappingProxyType({d: tuple(rs) for d, rs in rows.items()}), briefs=MappingProxyType(dict(briefs)),
        roles=MappingProxyType({}), options=MappingProxyType({}),
        simulator=SimulatorSetup(user, simulator_mode, spec.simulator, spec.simulator, False, stand_in=True),
        protocol=Protocol({}, max_questions, spec.trials, spec.simulator, False, "stand-in"),
        budget=DialogBudget(), data_version=spec.data_version, trials=spec.trials, seed=seed,
        seeds=MappingProxyType({}), max_questions=max_questions, concurrency=concurrency,
        infra_retries=infra_retries, call_timeout_s=60, agent_memory_mb=1024, bootstrap=bootstrap,
        store=Path("unused.duckdb"))
    return plan_for(resolved, spec)
