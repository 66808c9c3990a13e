"""Audit probes per persona behaviour, graded by the answer check with each answer's allowance.

For each behaviour a short scripted dialog on a real household (`behaviour_probes`) asks what makes
the behaviour show (an income for `approximate`, another member's income for `partial`, "SNAP"
before and after explaining it for `jargon`, ...). A user with that behaviour alone answers; each
answer is checked (`check_answer`) against the facts its question concerns plus the facts it
stated, with the allowance it carries. Faithful: neither contradicted nor "don't know" outside the
allowance. "Shown": the behaviour's mark is in the answer (so a probe that never triggers its
behaviour is visible, not silently faithful). Each persona is then audited as drawn per household:
the standard probes (`audit.probes_for`) answered by the household's persona user.
"""
from __future__ import annotations

from typing import Sequence

from eligibench.evaluation.user.answer_check import CONTRADICTED, DONT_KNOW, allowance_from_note, check_answer, numbers
from eligibench.evaluation.user.audit import probes_for
from eligibench.evaluation.user.behaviours import DECLINE, SORRY, PersonaUser
from eligibench.evaluation.user.fact_select import lexical_select
from eligibench.evaluation.user.grounded import GroundedUser, lead_answer
from eligibench.evaluation.user.persona import (
    APPROXIMATE,
    BEHAVIOURS,
    CORRECTS,
    JARGON,
    ONE_AT_A_TIME,
    PARTIAL,
    RELUCTANT,
    TALKATIVE,
    TERSE,
    traits_for,
)
from eligibench.household import Household, display_name, fact
from eligibench.results import Turn

WHY = "We ask so we can check which programs you qualify for. "
SNAP_EXPLAINED = "SNAP (food stamps) is a program that helps buy food. Do you receive SNAP?"


def behaviour_probes(hh: Household) -> dict[str, list[str]]:
    """Per behaviour, the questions of its scripted dialog (asked in order, one history)."""
    other = display_name(hh, 1) if hh.size > 1 else None
    return {
        APPROXIMATE: ["How much do you earn from work in a year?", "How much rent do you pay each month?",
                      "Exactly how much do you earn from work in a year?"],
        PARTIAL: ([f"How much does {other} earn from work in a year?", f"How old is {other}?"] if other
                  else ["How much do you earn from work in a year?"]),
        JARGON: ["Do you receive SNAP?", SNAP_EXPLAINED],
        ONE_AT_A_TIME: ["How old are you? And how much rent do you pay each month?"],
        RELUCTANT: ["What is your citizenship status?", WHY + "What is your citizenship status?"],
        TALKATIVE: ["Do you have a disability?"],
        TERSE: ["Do you have a disability?", "How many people live in your household?"],
        CORRECTS: ["How old are you?", "How old are you?"],
    }


def _shown(behaviour: str, text: str, plain: str) -> bool:
    marks = {APPROXIMATE: "about $" in text, PARTIAL: "not sure" in text or "don't know exactly" in text,
             JARGON: "never heard of" in text, RELUCTANT: text == DECLINE, CORRECTS: SORRY in text,
             ONE_AT_A_TIME: "rent" not in text, TALKATIVE: len(text) > len(plain), TERSE: text in ("Yes.", "No.")}
    return marks.get(behaviour, False)


def grade_answer(hh: Household, question: str, answer) -> bool:
    """Faithful under the answer's own allowance (`answer.how`)."""
    facts = [fact(hh, k) for k in dict.fromkeys(list(lexical_select(question, hh)) + [k for k, _ in answer.facts])]
    # the count a "how many" question gets ("One.") is no invented number (as in `verify_phrased`)
    allowed = numbers(question) + numbers(lead_answer([fact(hh, k) for k, _ in answer.facts], question))
    c = check_answer(answer.text, facts, allowed, allowance_from_note(answer.how))
    return c.verdict not in (CONTRADICTED, DONT_KNOW)


def audit_behaviours(households: Sequence[Household]) -> dict[str, dict]:
    """Per behaviour: probes, faithful %, and shown % (households whose scripted dialog shows the
    behaviour at least once: an income of 0 is never "about", a one-member household has no
    other member to be unsure of)."""
    out = {}
    for b in BEHAVIOURS:
        faithful = shown = n = 0
        for hh in households:
            user, plain_user, history = PersonaUser(GroundedUser(None, hh), b, frozenset({b})), GroundedUser(None, hh), []
            seen = False
            for q in behaviour_probes(hh)[b]:
                a = user.answer(history, q)
                n += 1
                faithful += grade_answer(hh, q, a)
                seen |= _shown(b, a.text, plain_user.answer([], q).text)
                history.append(Turn(q, a.text))
            shown += seen
        out[b] = {"probes": n, "faithful_pct": round(100 * faithful / n, 1) if n else None,
                  "shown_pct": round(100 * shown / len(households), 1) if households else None}
    return out


def audit_persona(persona: str, households: Sequence[tuple[str, Household]], seed: int = 0) -> dict:
    """The standard probes answered by each household's user under `persona` (traits as drawn)."""
    faithful = n = 0
    for household_id, hh in households:
        user = PersonaUser(GroundedUser(None, hh), persona, traits_for(persona, household_id, seed))
        for p in probes_for(hh):
            n += 1
            faithful += grade_answer(hh, p.question, user.answer([], p.question))
    return {"probes": n, "faithful": faithful, "faithful_pct": round(100 * faithful / n, 1) if n else None}
