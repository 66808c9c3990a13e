"""The dialog protocol's types: what an agent is told (OpportunityBrief, Dialog) and the limits."""
from __future__ import annotations

from dataclasses import dataclass

from eligibench.results import Turn

# Limits from the task definition (DESIGN.md): 20 questions per opportunity, at most 100.
QUESTIONS_PER_OPPORTUNITY = 20
MAX_QUESTIONS = 100

def question_limit(n_opportunities: int, cap: int | None = None) -> int:
    """The protocol's limit, lowered to `cap` when a run sets one (CPU smoke runs do: see
    params.yaml `evaluate.max_questions`)."""
    limit = min(MAX_QUESTIONS, QUESTIONS_PER_OPPORTUNITY * n_opportunities)
    return limit if cap is None else min(limit, cap)


@dataclass(frozen=True)
class OpportunityBrief:
    """What an agent is told about one opportunity: its id, name and requirements text."""

    id: str
    name: str
    requirements: str


@dataclass(frozen=True)
class Dialog:
    """The dialog so far, as an agent sees it (no household, no labels)."""

    opportunities: tuple[OpportunityBrief, ...]
    turns: tuple[Turn, ...] = ()
    cap: int | None = None  # run-level question cap, if any

    @property
    def limit(self) -> int:
        return question_limit(len(self.opportunities), self.cap)


@dataclass(frozen=True)
class DialogBudget:
    """What one dialog of a hosted agent may spend (params `evaluate.budget`); over it, the
    dialog ends `budget_exceeded`. Model calls and tokens are counted by the host."""

    calls: int = 500
    tokens: int = 2_000_000
    wall_s: float = 3600.0
