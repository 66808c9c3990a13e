"""Audit probes of the simulated user's priorities: does it state its row's weights faithfully?

Per household, five questions whose faithful answers are known from the weights
(`truth.priorities_of`): what matters most (all programs in weight order), the top program, the
last one, one in the middle, and the top and last named together (their order). Each answer is
graded by `answer_check.check_priorities`. A sixth probe, a fact question, must NOT be answered as
a priority (the wrapper passes it through to the household's user): a priority user that swallowed
ordinary questions would look faithful here and ruin every dialog.

Users are built as a run builds them (`mode.make_user` with a patience: the persona's user wrapped
by `PriorityUser`), for each persona, so the audit measures what the priorities track uses.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Sequence

from eligibench.evaluation.user.answer_check import FAITHFUL, check_priorities
from eligibench.evaluation.user.priorities import HOW, asks_priority

FACT_QUESTION = "How old are you?"


def priority_probes(order: Sequence[str], names: dict[str, str]) -> list[str]:
    """The questions asked of one household (its programs by weight, highest first)."""
    top, last, middle = order[0], order[-1], order[len(order) // 2]
    out = ["What matters most to you among the programs you asked about?",
           f"How important is {names[top]} to you?", f"How much does {names[last]} matter to you?"]
    if middle not in (top, last):
        out.append(f"How important is {names[middle]} to you, compared with the others?")
    if len(order) > 1:
        out.append(f"Which matters more to you: {names[last]} or {names[top]}?")
    return out


@dataclass(frozen=True)
class PriorityProbe:
    row: str
    question: str
    answer: str
    verdict: str
    detail: str


def audit_priority_user(row_id: str, user, order: Sequence[str], names: dict[str, str]) -> tuple[list[PriorityProbe], bool]:
    """One household's priority probes graded, and whether a fact question passed through."""
    graded = []
    for q in priority_probes(order, names):
        a = user.answer([], q)
        c = check_priorities(a.text, order, names, q)
        graded.append(PriorityProbe(row_id, q, a.text, c.verdict, c.detail))
    fact = user.answer([], FACT_QUESTION)
    return graded, fact.how != HOW and not asks_priority(FACT_QUESTION)


def audit_priorities(rows: Sequence, personas: Sequence[str] = ("cooperative",), seed: int = 0,
                     patience: int = 1) -> dict:
    """Every persona's users on `rows`: probes, faithful count and percent, fact questions passed
    through, and a few examples (the audit report's "priorities" entry)."""
    from eligibench.evaluation.user.mode import SimulatorMode, make_user

    out: dict = {"households": len(rows), "personas": {}}
    examples: list[dict] = []
    for persona in personas:
        mode = SimulatorMode("grounded", persona=persona, persona_seed=seed, patience=patience)
        probes, passed = [], 0
        for r in rows:
            user = make_user(mode, None, r, 80)
            graded, through = audit_priority_user(r.id, user, user.order, dict(user.names))
            probes += graded
            passed += through
        faithful = sum(p.verdict == FAITHFUL for p in probes)
        out["personas"][persona] = {"probes": len(probes), "faithful": faithful,
                                    "faithful_pct": round(100 * faithful / len(probes), 1) if probes else None,
                                    "fact_questions_passed_through": passed}
        examples += [{"persona": persona, "row": p.row, "question": p.question, "answer": p.answer,
                      "verdict": p.verdict} for p in probes[:3]]
    out["examples"] = examples
    return out
