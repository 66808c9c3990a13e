"""What the runner and its executors are given for one run (`session.plan_for` builds it from the
resolved run): the identity, the rows, the requirement texts and the dialog settings."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Mapping, Sequence

from eligibench.datasets.rows import Row
from eligibench.evaluation.hosting import OpportunityBrief
from eligibench.evaluation.user import FREE_FORM, SimulatorMode
from eligibench.results.records import RunSpec


@dataclass(frozen=True)
class RunPlan:
    spec: RunSpec
    rows: Mapping[str, Sequence[Row]]  # dataset -> rows to evaluate (already subset)
    briefs: Mapping[str, OpportunityBrief]
    user_max_tokens: int  # every simulated-user answer's limit: the simulator spec's max_tokens
    concurrency: int = 1
    infra_retries: int = 1
    max_questions: int | None = None
    bootstrap: int = 1000
    seed: int = 0
    simulator_mode: SimulatorMode = FREE_FORM
