"""`runner_plan`: what the runner is given, a resolved run and its identity, for tests that drive
the runner directly without a manifest or a params file. It builds the smallest resolved run the
runner reads (rows, briefs, the simulated user and the configured dialog settings) over a real
`EvalConfig`; the rest are placeholders the runner never reads (a test that needs them resolves a
real run). Call as `evaluate(*runner_plan(...), store, ...)`."""
from __future__ import annotations

from pathlib import Path
from types import MappingProxyType
from typing import Mapping, Sequence

from eligibench.datasets import Row
from eligibench.evaluation.hosting import Manifest, OpportunityBrief
from eligibench.evaluation.run import EvalConfig, Protocol, ResolvedRun, RunConfig, SimulatorSetup
from eligibench.evaluation.user import FREE_FORM, SimulatorMode
from eligibench.models import ModelSpec
from eligibench.results import RunSpec


def runner_plan(spec: RunSpec, rows: Mapping[str, Sequence[Row]], briefs: Mapping[str, OpportunityBrief],
                user_max_tokens: int = 48, concurrency: int = 1, infra_retries: int = 1,
                max_questions: int | None = None, bootstrap: int = 1000, seed: int = 0,
                simulator_mode: SimulatorMode = FREE_FORM) -> tuple[ResolvedRun, RunSpec]:
    """(the resolved run, `spec`) over these rows: the runner's two arguments before the store."""
    user = ModelSpec("embedded", "test-user", max_tokens=user_max_tokens)
    manifest = Manifest(Path("unused"), spec.submission, "test", (), "agent:Agent", {}, "MIT")
    config = EvalConfig(
        simulator=user, agent_model=user, subset={}, subset_select="first", trials=spec.trials,
        max_questions=max_questions, concurrency=concurrency, infra_retries=infra_retries, call_timeout_s=60,
        agent_memory_mb=1024, bootstrap=bootstrap, seed=seed, store=Path("unused.duckdb"), submissions=(),
        simulator_mode=simulator_mode)
    resolved = ResolvedRun(
        config=config, run=RunConfig(spec.run_config or spec.submission, spec.submission), manifest=manifest,
        split="public", rows=MappingProxyType({d: tuple(rs) for d, rs in rows.items()}),
        briefs=MappingProxyType(dict(briefs)), roles=MappingProxyType({}), options=MappingProxyType({}),
        simulator=SimulatorSetup(simulator_mode, spec.simulator, spec.simulator, False, stand_in=True),
        protocol=Protocol({}, max_questions, spec.trials, spec.simulator, False, "stand-in"),
        data_version=spec.data_version, seeds=MappingProxyType({}))
    return resolved, spec
