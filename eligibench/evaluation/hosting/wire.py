"""JSON form of what crosses the agent-process boundary."""
from __future__ import annotations

from typing import Any

from eligibench.evaluation.hosting.types import Dialog, OpportunityBrief
from eligibench.results import Turn


def dialog_to_wire(d: Dialog) -> dict[str, Any]:
    return {"opportunities": [vars(b) for b in d.opportunities], "cap": d.cap,
            "turns": [{"question": t.question, "answer": t.answer} for t in d.turns]}


def dialog_from_wire(raw: dict[str, Any]) -> Dialog:
    return Dialog(tuple(OpportunityBrief(**b) for b in raw["opportunities"]),
                  tuple(Turn(t["question"], t["answer"]) for t in raw["turns"]), raw.get("cap"))
