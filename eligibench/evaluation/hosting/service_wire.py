"""The structured part an agent service and BeNYfits exchange over A2A (docs/agent-services.md).

Each dialog is one A2A task. Every message carries one data part (`Part.data`, a JSON object)
with `"benyfits": 1` and a `type`:

  harness -> agent (role user)
    {"benyfits": 1, "type": "start", "opportunities": [{"id", "name", "requirements"}, ...],
     "question_limit": 40}                          # the dialog's first message: a new task
    {"benyfits": 1, "type": "answer", "question": "...", "answer": "..."}   # the user's answer
    {"benyfits": 1, "type": "decide"}               # the question limit is reached: verdicts now

  agent -> harness (role agent: the reply Message, or the Task's status message; an artifact's
  data part is read too)
    {"benyfits": 1, "question": "How old are you?", "notes": optional JSON}
    {"benyfits": 1, "verdicts": {"<opportunity id>": true | false, ...},
     "recommendation": optional "<opportunity id>" | "none"}   # the program to apply to first

Only opportunity briefs (id, name, requirement text) and the simulated user's answers travel;
never a household, a label or a checker. A reply that is neither exactly a question nor verdicts
is malformed: the agent's error. Whole numbers arrive as floats (protobuf Value), so no field of
a reply is a number.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Mapping, Sequence

from eligibench.evaluation.hosting.errors import AgentFault
from eligibench.evaluation.hosting.types import OpportunityBrief

VERSION = 1
MEDIA_TYPE = "application/vnd.benyfits.turn+json"  # set on every part the harness sends
REPLY_KEYS = frozenset({"benyfits", "question", "verdicts", "notes", "recommendation"})


def start_payload(briefs: Sequence[OpportunityBrief], question_limit: int) -> dict[str, Any]:
    return {"benyfits": VERSION, "type": "start", "question_limit": question_limit,
            "opportunities": [{"id": b.id, "name": b.name, "requirements": b.requirements} for b in briefs]}


def answer_payload(question: str, answer: str) -> dict[str, Any]:
    return {"benyfits": VERSION, "type": "answer", "question": question, "answer": answer}


def decide_payload() -> dict[str, Any]:
    return {"benyfits": VERSION, "type": "decide"}


@dataclass(frozen=True)
class Reply:
    """One agent reply: a question (with optional notes) or verdicts, never both."""

    question: str | None = None
    verdicts: Mapping[str, bool] | None = None
    notes: Any = None
    recommendation: Any = None  # with verdicts only; checked against the dialog by `check_recommendation`


def parse_reply(data_parts: Sequence[Any], where: str) -> Reply:
    """The agent's reply from the data parts of its message (`where` names the call for the
    error). Exactly one part must be a BeNYfits object; its fields are checked here, the
    verdicts' ids against the dialog's opportunities by the dialog loop."""
    ours = [p for p in data_parts if isinstance(p, dict) and "benyfits" in p]
    if len(ours) != 1:
        raise AgentFault(f"{where}: the agent service's reply has {len(ours)} BeNYfits data part(s), expected one "
                         "object with \"benyfits\": 1 and a \"question\" or \"verdicts\" (docs/agent-services.md)")
    part = ours[0]
    if part.get("benyfits") not in (VERSION, float(VERSION)):
        raise AgentFault(f"{where}: reply field 'benyfits' is {part.get('benyfits')!r}, expected {VERSION}")
    unknown = sorted(set(part) - REPLY_KEYS)
    if unknown:
        raise AgentFault(f"{where}: reply has unknown field(s) {unknown} (allowed: {sorted(REPLY_KEYS)})")
    question, verdicts = part.get("question"), part.get("verdicts")
    if (question is None) == (verdicts is None):
        raise AgentFault(f"{where}: reply must have exactly one of 'question' and 'verdicts'")
    if question is not None:
        if not isinstance(question, str) or not question.strip():
            raise AgentFault(f"{where}: reply field 'question' must be a non-empty string, got {type(question).__name__}")
        if part.get("recommendation") is not None:
            raise AgentFault(f"{where}: reply field 'recommendation' comes with the verdicts, not with a question")
        return Reply(question=question, notes=part.get("notes"))
    if not isinstance(verdicts, dict):
        raise AgentFault(f"{where}: reply field 'verdicts' must be an object of opportunity id -> true/false, "
                         f"got {type(verdicts).__name__}")
    return Reply(verdicts=dict(verdicts), notes=part.get("notes"), recommendation=part.get("recommendation"))
