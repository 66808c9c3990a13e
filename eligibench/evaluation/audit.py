"""Faithfulness audit of a simulated-user configuration.

From each household's structured features we write probe questions whose answers are known,
ask the simulated user (exactly as in a dialog: the profile as system prefix), and grade the
answers by rule:
- age of the speaker and of each named member -> the right number must appear;
- yes/no facts (benefits, disability, SSN...) -> a clear yes or no that matches;
- yearly work income -> the dollar amount, within 1%;
- a question the profile cannot answer -> the answer must say it does not know.
v1 reports 60 of 61 manually checked answers faithful; this is the automatic counterpart.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Sequence

from eligibench.evaluation.simulated_user import SimulatedUser
from eligibench.household.model import Household
from eligibench.household.profile import display_name

YES_NO_PROBES = (
    # feature, question about the speaker, question about a named member ({name})
    ("receives_snap", "Do you receive SNAP (food stamps)?", "Does {name} receive SNAP (food stamps)?"),
    ("disabled", "Do you have a disability?", "Does {name} have a disability?"),
    ("has_ssn", "Do you have a Social Security number?", "Does {name} have a Social Security number?"),
    ("receives_ssi", "Do you receive Supplemental Security Income (SSI)?", "Does {name} receive SSI?"),
    ("health_insurance", "Do you have health insurance?", "Does {name} have health insurance?"),
)
UNKNOWABLE = ("What is your favorite color?", "What is the name of your first pet?")
_NUM = re.compile(r"\d[\d,]*(?:\.\d+)?")
_YES = re.compile(r"^\W*(yes|yeah|yep|i do|i am|i have|she does|he does|she is|he is|she has|he has|correct)\b", re.I)
_NO = re.compile(r"^\W*(no|nope|i don'?t|i do not|i am not|i'm not|i haven'?t|i have not|she doesn'?t|he doesn'?t|"
                 r"she does not|he does not|she is not|he is not|she isn'?t|he isn'?t|not)\b|\b(do not|don't|doesn't|does not|not)\b", re.I)
_UNKNOWN = re.compile(r"\b(don'?t know|do not know|not sure|no idea|doesn'?t say|does not say|can'?t say|cannot say|"
                      r"not (?:mentioned|stated|specified)|unknown|no information)\b", re.I)


@dataclass(frozen=True)
class Probe:
    kind: str  # "age" | "yes_no" | "income" | "unknown"
    question: str
    expected: object  # int, bool, or None (unknowable)


@dataclass(frozen=True)
class Graded:
    probe: Probe
    answer: str
    faithful: bool


def probes_for(hh: Household) -> list[Probe]:
    out = [Probe("age", "How old are you?", hh.members[0].age)]
    for i, m in enumerate(hh.members[1:], start=1):
        out.append(Probe("age", f"How old is {display_name(hh, i)}?", m.age))
    for feature, q_self, _ in YES_NO_PROBES:
        out.append(Probe("yes_no", q_self, getattr(hh.members[0], feature)))
    if hh.size > 1:
        feature, _, q_other = YES_NO_PROBES[0]
        out.append(Probe("yes_no", q_other.format(name=display_name(hh, 1)), getattr(hh.members[1], feature)))
    out.append(Probe("income", "How much do you earn from work in a year, in dollars?", hh.members[0].annual_work_income))
    out.append(Probe("unknown", UNKNOWABLE[hh.size % len(UNKNOWABLE)], None))
    return out


def _numbers(text: str) -> list[float]:
    return [float(n.replace(",", "")) for n in _NUM.findall(text)]


def grade(p: Probe, answer: str) -> bool:
    a = answer.strip()
    if p.kind == "age":
        return float(p.expected) in _numbers(a)
    if p.kind == "income":
        if p.expected == 0:
            return bool(_NO.search(a)) or 0.0 in _numbers(a) or "nothing" in a.lower()
        return any(abs(n - p.expected) <= 0.01 * p.expected for n in _numbers(a))
    if p.kind == "yes_no":
        # the first sentence carries the answer; a negation there ("I do not ...") wins over
        # the affirmative opening it starts with
        lead = re.split(r"(?<=[.!?])\s", a, maxsplit=1)[0]
        said_no = bool(_NO.search(lead))
        said_yes = bool(_YES.search(lead)) and not said_no
        return said_yes if p.expected else said_no
    return bool(_UNKNOWN.search(a))


def audit_household(user: SimulatedUser, hh: Household) -> list[Graded]:
    out = []
    for p in probes_for(hh):
        # each probe is asked fresh (no history), as the first question of a dialog would be
        ans = user.answer([], p.question).text
        out.append(Graded(p, ans, grade(p, ans)))
    return out


def summarize_audit(graded: Sequence[Graded]) -> dict:
    by_kind: dict[str, list[bool]] = {}
    for g in graded:
        by_kind.setdefault(g.probe.kind, []).append(g.faithful)
    total = [g.faithful for g in graded]
    return {
        "probes": len(total),
        "faithful": sum(total),
        "faithful_pct": round(100 * sum(total) / len(total), 1) if total else None,
        "by_kind": {k: {"probes": len(v), "faithful_pct": round(100 * sum(v) / len(v), 1)} for k, v in sorted(by_kind.items())},
        "v1_manual": {"faithful": 60, "annotated": 61},
    }
