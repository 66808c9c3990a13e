"""The agent interface every submission implements (DESIGN.md "Agents and submissions").

    class MyAgent(Agent):
        def start(self, opportunities): ...
        def ask(self, dialog) -> str: ...
        def ready(self, dialog) -> bool: ...
        def predict(self, dialog) -> dict[str, bool]: ...
        def recommend(self, dialog) -> str | None: ...   # optional: the program to apply to first

An agent is built with an `AgentContext`: its models (by the roles its manifest declares) and a
seed. It never sees the household or the labels: only the opportunities' requirements and the
dialog so far.
"""
from __future__ import annotations

from abc import ABC, abstractmethod
from dataclasses import dataclass, field
from typing import Any, Callable, Mapping, Sequence

from eligibench.evaluation.hosting.types import Dialog, OpportunityBrief


@dataclass
class AgentContext:
    seed: int = 0
    models: Mapping[str, Any] = field(default_factory=dict)  # role -> eligibench.models.ChatModel
    options: Mapping[str, Any] = field(default_factory=dict)  # the manifest's `options`

    def model(self, role: str):
        if role not in self.models:
            raise KeyError(f"no model for role {role!r}: the manifest's `models` declares {sorted(self.models)}")
        return self.models[role]


class Agent(ABC):
    def __init__(self, context: AgentContext):
        self.context = context

    @abstractmethod
    def start(self, opportunities: Sequence[OpportunityBrief]) -> None: ...

    @abstractmethod
    def ask(self, dialog: Dialog) -> str: ...

    @abstractmethod
    def ready(self, dialog: Dialog) -> bool: ...

    @abstractmethod
    def predict(self, dialog: Dialog) -> Mapping[str, bool]: ...

    def notes(self) -> Mapping[str, Any] | str | None:
        """Optional hook: what the agent wants shown beside its latest question on the leaderboard
        (ProADA: its generated program and facts dictionary; ReAct: its thought), as JSON-able data
        or text. Called after each `ask` (under the same call timeout); the default (None) means
        no notes. Stored per turn in the results table `turn_notes` (JSON, cut at 20,000
        characters) and shown beside the question in the leaderboard's dialog view. Data that is
        not JSON-able is the agent's error. See docs/agents.md."""
        return None

    def recommend(self, dialog: Dialog) -> str | None:
        """Optional hook: the one program the household should apply to first, asked once after
        `predict` with the same dialog: an opportunity id of the dialog, or "none" (no program is
        worth applying to). The default (None) makes no recommendation: the agent is scored on
        everything else, and its recommendation match is left blank. Scored against the
        highest-weight program the household is eligible for (docs/priorities.md)."""
        return None

    def usage(self) -> dict[str, int]:
        """LLM calls and tokens this agent used so far, summed over its distinct model objects
        (several roles may share one model; it is counted once)."""
        totals = {"calls": 0, "prompt_tokens": 0, "completion_tokens": 0}
        for m in {id(m): m for m in self.context.models.values()}.values():
            u = m.usage.snapshot() if hasattr(m, "usage") else {}
            for k in totals:
                totals[k] += int(u.get(k) or 0)
        return totals


AgentFactory = Callable[[AgentContext], Agent]
