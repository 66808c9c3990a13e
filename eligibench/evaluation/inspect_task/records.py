"""One Inspect dialog as our harness records it: a `results.DialogResult`, carried through the
Inspect log as JSON (the sample's store while it runs, the score's metadata after), so the scorer,
the metrics and `benyfits import-inspect` all read the same record, and the store gets exactly the
fields a harness dialog has.
"""
from __future__ import annotations

import time
from dataclasses import asdict, dataclass, field
from typing import Any, Mapping

from eligibench.results import AGENT_ERROR, DialogResult, Turn

# The sample store key the scaffold writes its dialog under (read back by the scorer).
STORE_KEY = "benyfits_dialog"


@dataclass
class DialogState:
    """A dialog while the scaffold runs it (mutable: the tools fill it in)."""

    row_id: str
    dataset: str
    trial: int
    limit: int  # questions the user answers (question_limit: the protocol's, or the task's cap)
    turns: list[Turn] = field(default_factory=list)
    predictions: dict[str, bool] | None = None
    termination: str | None = None
    error: str | None = None
    user_failed: bool = False  # the simulated user failed once (user_error, as in the harness)
    started: float = field(default_factory=time.perf_counter)
    agent_calls: int = 0
    agent_prompt_tokens: int = 0
    agent_completion_tokens: int = 0
    user_calls: int = 0
    user_prompt_tokens: int = 0
    user_completion_tokens: int = 0
    user_cached_tokens: int = 0
    turn_facts: list[tuple[int, str, Any]] = field(default_factory=list)
    answer_methods: list[tuple[int, str]] = field(default_factory=list)
    recommendation: str | None = None  # submit_verdicts' optional program to apply to first

    @property
    def done(self) -> bool:
        return self.termination is not None

    def result(self, labels: Mapping[str, bool]) -> DialogResult:
        termination = self.termination or AGENT_ERROR
        error = self.error if self.termination else "the model ended the dialog without submitting verdicts"
        return DialogResult(self.row_id, self.dataset, self.trial, tuple(self.turns), self.predictions, dict(labels),
                            termination, error, time.perf_counter() - self.started, self.agent_calls,
                            self.agent_prompt_tokens, self.agent_completion_tokens, self.user_calls,
                            self.user_prompt_tokens, self.user_completion_tokens, self.user_cached_tokens,
                            tuple(self.turn_facts), tuple(self.answer_methods), recommendation=self.recommendation)


def dialog_json(r: DialogResult) -> dict[str, Any]:
    """A DialogResult as JSON-able data (turns as objects, tuples as lists)."""
    d = asdict(r)
    d["turns"] = [asdict(t) for t in r.turns]
    d["labels"] = dict(r.labels)
    d["predictions"] = dict(r.predictions) if r.predictions is not None else None
    return d


def dialog_from_json(d: Mapping[str, Any], where: str = "dialog") -> DialogResult:
    """The DialogResult `dialog_json` wrote; the error names `where` and the missing field."""
    try:
        turns = tuple(Turn(**t) for t in d["turns"])
        return DialogResult(
            d["row_id"], d["dataset"], int(d["trial"]), turns,
            None if d["predictions"] is None else {str(k): bool(v) for k, v in d["predictions"].items()},
            {str(k): bool(v) for k, v in d["labels"].items()}, d["termination"], d.get("error"),
            float(d.get("wall_s", 0.0)), int(d.get("agent_calls", 0)), int(d.get("agent_prompt_tokens", 0)),
            int(d.get("agent_completion_tokens", 0)), int(d.get("user_calls", 0)), int(d.get("user_prompt_tokens", 0)),
            int(d.get("user_completion_tokens", 0)), int(d.get("user_cached_tokens", 0)),
            tuple((int(i), str(k), v) for i, k, v in d.get("turn_facts", ())),
            tuple((int(i), str(h)) for i, h in d.get("answer_methods", ())),
            recommendation=None if d.get("recommendation") is None else str(d["recommendation"]))
    except (KeyError, TypeError, ValueError) as e:
        raise ValueError(f"{where}: not a BeNYfits dialog record ({type(e).__name__}: {e})") from None
