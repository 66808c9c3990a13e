"""Faithfulness audit of a simulated-user configuration.

From each household's structured features we write probe questions whose answers are known,
ask the simulated user (exactly as in a dialog: the profile as system prefix), and grade the
answers by rule:
- age of the speaker and of each named member -> the right number must appear;
- yes/no facts (benefits, disability, SSN...) -> a clear yes or no that matches;
- yearly work income -> the dollar amount, within 1%;
- a question the profile cannot answer -> the answer must say it does not know;
- two-hop questions ("How many children under 5 live with you?") -> the right count;
- each member by name and by relation ("How old is your daughter?") -> the right age;
- amounts (investment income, monthly rent, savings) -> the amount within 1%.
Verbosity is counted, not graded: answers that volunteer facts the question did not ask about
(the lexical selector run on the answer finds facts beyond the question's), as the paper reports
8% of answers doing.
v1 reports 60 of 61 manually checked answers faithful; this is the automatic counterpart.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Sequence

from eligibench.evaluation.user.fact_select import lexical_select
from eligibench.household import Household, display_name, relation_word

YES_NO_PROBES = (
    # feature, question about the speaker, question about a named member ({name})
    ("receives_snap", "Do you receive SNAP (food stamps)?", "Does {name} receive SNAP (food stamps)?"),
    ("disabled", "Do you have a disability?", "Does {name} have a disability?"),
    ("has_ssn", "Do you have a Social Security number?", "Does {name} have a Social Security number?"),
    ("receives_ssi", "Do you receive Supplemental Security Income (SSI)?", "Does {name} receive SSI?"),
    ("health_insurance", "Do you have health insurance?", "Does {name} have health insurance?"),
)
UNKNOWABLE = ("What is your favorite color?", "What is the name of your first pet?")
_WORDS = {1: "one", 2: "two", 3: "three", 4: "four", 5: "five", 6: "six"}
_NUM = re.compile(r"\d[\d,]*(?:\.\d+)?")
_YES = re.compile(r"^\W*(yes|yeah|yep|i do|i am|i have|she does|he does|she is|he is|she has|he has|correct)\b", re.I)
_NO = re.compile(r"^\W*(no|nope|i don'?t|i do not|i am not|i'm not|i haven'?t|i have not|she doesn'?t|he doesn'?t|"
                 r"she does not|he does not|she is not|he is not|she isn'?t|he isn'?t|not)\b|\b(do not|don't|doesn't|does not|not)\b", re.I)
_UNKNOWN = re.compile(r"\b(don'?t know|do not know|not sure|no idea|doesn'?t say|does not say|can'?t say|cannot say|"
                      r"not (?:mentioned|stated|specified)|unknown|no information)\b", re.I)


@dataclass(frozen=True)
class Probe:
    kind: str  # "age" | "yes_no" | "income" | "amount" | "count" | "unknown"
    question: str
    expected: object  # int, bool, or None (unknowable)


@dataclass(frozen=True)
class Graded:
    probe: Probe
    answer: str
    faithful: bool
    verbose: bool = False  # volunteered facts the question did not ask about
    how: str = ""  # grounded user: template / model / model rejected ...; template used


_CHILDREN = ("child", "stepchild", "foster child", "adopted child")


def probes_for(hh: Household) -> list[Probe]:
    out = [Probe("age", "How old are you?", hh.members[0].age)]
    for i, m in enumerate(hh.members[1:], start=1):
        out.append(Probe("age", f"How old is {display_name(hh, i)}?", m.age))
        # by relation too, when the relation word names this member alone
        word = relation_word(m)
        if sum(relation_word(o) == word for o in hh.members[1:]) == 1 and word not in ("friend", "cousin"):
            out.append(Probe("age", f"How old is your {word}?", m.age))
    children = [m for m in hh.members[1:] if m.relation in _CHILDREN]
    out.append(Probe("count", "How many children under 5 live with you?", sum(m.age < 5 for m in children)))
    out.append(Probe("count", "How many people live in your household?", hh.size))
    me = hh.members[0]
    out.append(Probe("amount", "How much rent do you pay each month, in dollars?", me.monthly_rent_spending))
    out.append(Probe("amount", "How much investment income do you receive in a year, in dollars?",
                     me.annual_investment_income))
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
    if p.kind == "count":
        if p.expected == 0:
            return bool(_NO.search(a)) or 0.0 in _numbers(a) or "none" in a.lower()
        return float(p.expected) in _numbers(a) or _WORDS.get(int(p.expected), "-") in a.lower()
    if p.kind in ("income", "amount"):
        if p.expected == 0:  # "I have no investment income", "I do not pay any rent", "$0", "nothing"
            return bool(_NO.search(a)) or 0.0 in _numbers(a) or bool(re.search(r"\b(no|nothing|none)\b", a, re.I))
        return any(abs(n - p.expected) <= 0.01 * p.expected for n in _numbers(a))
    if p.kind == "yes_no":
        # the first sentence carries the answer; a negation there ("I do not ...") wins over
        # the affirmative opening it starts with
        lead = re.split(r"(?<=[.!?])\s", a, maxsplit=1)[0]
        said_no = bool(_NO.search(lead))
        said_yes = bool(_YES.search(lead)) and not said_no
        return said_yes if p.expected else said_no
    return bool(_UNKNOWN.search(a))


def volunteers(hh: Household, question: str, answer: str) -> bool:
    """The answer states facts (as the lexical selector finds them) the question did not ask about."""
    asked = set(lexical_select(question, hh))
    said = set(lexical_select(answer, hh))
    return bool(said - asked) and not _UNKNOWN.search(answer)


def audit_household(user, hh: Household) -> list[Graded]:
    """`user`: any simulated user (free-form or grounded: `answer(history, question)`)."""
    out = []
    for p in probes_for(hh):
        # each probe is asked fresh (no history), as the first question of a dialog would be
        a = user.answer([], p.question)
        out.append(Graded(p, a.text, grade(p, a.text), volunteers(hh, p.question, a.text), a.how))
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
        "model_answer_fallbacks": sum("rejected" in g.how for g in graded),
        "verbose_pct": round(100 * sum(g.verbose for g in graded) / len(graded), 1) if graded else None,
        "by_kind": {k: {"probes": len(v), "faithful_pct": round(100 * sum(v) / len(v), 1)} for k, v in sorted(by_kind.items())},
        "v1_manual": {"faithful": 60, "annotated": 61},
    }
