"""Persona behaviours: deterministic transformations of the grounded user's answer.

`PersonaUser` wraps a `GroundedUser`: the same selection of facts, then the household's traits
(`persona.traits_for`) change what is said, each by a fixed rule, so the per-turn check still
knows what a faithful answer is (`allowance`, `answer_check.Allowance`). Everything depends only
on the household, the traits, the question and the earlier turns' text (no hidden state, no
randomness beyond the seeded traits): the same dialog gets the same answers.

- approximate: money (income, investment income, savings, rent) as "about $42,000" (nearest
  thousand; nearest hundred under $10,000, e.g. monthly rent; under $100 exact) unless the question asks for the exact amount
  ("exact", "exactly", "precise", "to the dollar"); allowance: half the rounding step.
- partial: other members' income and savings, and the exact age of housemates who are not
  family, are unknown: "I'm not sure about Deborah Perez's income." (pairs needing them are
  "not determinable by questions", `persona.undeterminable`).
- jargon: a question naming a program (SNAP, SSI, HRA, ...) the dialog has not explained gets
  "I've never heard of SNAP. What is that?"; explained = a question of the dialog (this one or an
  earlier one) names it with "(", "means", "which is", "that is", "stands for", "also called", "a
  program" or "which helps".
- one_at_a_time: a question with several "?" parts is answered for its first part only.
- reluctant: income, savings and immigration status are declined ("I'd rather not say. Why do you
  need to know?") until a question of the dialog says why it asks ("because", "so that", "to
  check", "to see if", "eligib", "qualify", ...); then answered.
- talkative: adds one true sentence about the speaker the question did not ask (age, housing,
  hours of work or city, picked by a hash of the question).
- terse: a yes/no or how-many question gets the bare "Yes." / "No." / count.
- corrects: the speaker's first nonzero number among age, work income and rent (`CORRECTED`,
  first present) is stated wrong the first time (age + 1, money + 10%, at least 100); asked again,
  "Sorry, I got that wrong before:" and the true sentence.
"""
from __future__ import annotations

import re
import time
from typing import Sequence

from eligibench.evaluation.user.answer_check import Allowance
from eligibench.evaluation.user.free_form import Answer
from eligibench.evaluation.user.grounded import DONT_KNOW, GroundedUser, first_person, lead_answer
from eligibench.evaluation.user.persona import (
    APPROXIMATE,
    CORRECTS,
    JARGON,
    MONEY,
    ONE_AT_A_TIME,
    RELUCTANT,
    TALKATIVE,
    TERSE,
    unit_hash,
    withheld_keys,
)
from eligibench.household import Fact, display_name, fact, fact_key
from eligibench.results import Turn

JARGON_TERMS = ("SNAP", "SSI", "SSDI", "HRA", "WIC", "TANF", "EITC", "CHIP", "HEAP", "NYCHA", "SCHE", "ITIN",
                "ATIN", "WEP", "HDFC", "FPHA", "VPSB", "ACS", "DHS", "CUNY")
_EXPLAINS_TERM = re.compile(r"\(|\bmeans?\b|\bwhich is\b|\bthat is\b|\bstands for\b|\balso (?:called|known)\b|"
                            r"\ba program\b|\bwhich helps\b|\bthat helps\b", re.I)
SENSITIVE = ("citizenship", "annual_work_income", "annual_investment_income", "available_financial_resources")
_EXPLAINS_WHY = re.compile(r"\bbecause\b|\bso (?:that|we|i) \b|\bto (?:check|see if|see whether|determine|find out|work out)\b|"
                           r"\bthe reason\b|\beligib|\bqualif|\bdepends on\b|\bneed to know\b", re.I)
_EXACT = re.compile(r"\bexact(?:ly)?\b|\bprecise(?:ly)?\b|\bto the dollar\b", re.I)
_MONEY_TEXT = re.compile(r"\$\d[\d,]*(?:\.\d+)?")
CORRECTED = ("age", "annual_work_income", "monthly_rent_spending")
CHATTY = ("age", "housing_type", "work_hours_per_week", "place_of_residence")
DECLINE = "I'd rather not say. Why do you need to know?"
SORRY = "Sorry, I got that wrong before:"


def question_parts(question: str) -> list[str]:
    """The "?"-ended parts of a question ("How old are you? And your wife?": two)."""
    return [p for p in re.findall(r"[^?]*\?", question) if p.strip(" ?")]


def first_part(question: str) -> str:
    """The first "?"-ended part of a multi-part question (with what precedes it)."""
    parts = question_parts(question)
    return parts[0].strip() if len(parts) > 1 else question


def unexplained_terms(history: Sequence[Turn], question: str) -> list[str]:
    """Program names the question uses that no question of the dialog has explained."""
    asked = [t.question for t in history] + [question]
    used = [t for t in JARGON_TERMS if re.search(rf"\b{t}\b", question)]
    return [t for t in used if not any(re.search(rf"\b{t}\b", q) and _EXPLAINS_TERM.search(q) for q in asked)]


def explained_why(history: Sequence[Turn], question: str) -> bool:
    return any(_EXPLAINS_WHY.search(q) for q in [t.question for t in history] + [question])


def step(value: float) -> int:
    """The rounding step of an approximate amount."""
    return 1000 if value >= 10_000 else 100


def approximate(sentence: str, value: float) -> str:
    rounded = int(round(value / step(value)) * step(value))
    return _MONEY_TEXT.sub(f"about ${rounded:,}", sentence, count=1)


def corrected_key(hh) -> str | None:
    """The speaker's fact a `corrects` user states wrong first."""
    for feature in CORRECTED:
        if getattr(hh.members[0], feature, 0):
            return fact_key(0, feature)
    return None


def wrong_value(f: Fact) -> int:
    if f.feature == "age":
        return int(f.value) + 1
    return int(f.value) + max(100, int(round(0.1 * f.value, -2)))


def _with_value(f: Fact, value: int) -> str:
    text = first_person(f.sentence)
    if f.feature == "age":
        return re.sub(rf"\b{int(f.value)}\b", str(value), text, count=1)
    return _MONEY_TEXT.sub(f"${value:,}", text, count=1)


class PersonaUser:
    """A grounded user with a household's persona traits (never used for "cooperative")."""

    def __init__(self, grounded: GroundedUser, persona: str, traits: frozenset[str]):
        self.grounded, self.persona, self.traits = grounded, persona, traits
        self.household = grounded.household
        self.withheld = withheld_keys(self.household, traits)

    def answer(self, history: Sequence[Turn], question: str) -> Answer:
        t0 = time.perf_counter()
        text, facts, allow = self.respond(history, question)
        return Answer(text, 0, 0, None, time.perf_counter() - t0, tuple((f.key, f.value) for f in facts),
                      f"template; persona {self.persona}: {','.join(sorted(self.traits)) or '-'}" + allow.to_note())

    def respond(self, history: Sequence[Turn], question: str) -> tuple[str, list[Fact], Allowance]:
        """(answer text, facts it states, the deviation it may show)."""
        q = first_part(question) if ONE_AT_A_TIME in self.traits else question
        if JARGON in self.traits and (terms := unexplained_terms(history, q)):
            return f"I've never heard of {terms[0]}. What is that?", [], Allowance({}, may_decline=True)
        keys, _ = self.grounded.select(_EXACT.sub("", q))  # "exactly" is no fact's word
        facts = [fact(self.household, k) for k in keys]
        if RELUCTANT in self.traits and any(f.feature in SENSITIVE for f in facts) and not explained_why(history, q):
            return DECLINE, [], Allowance({}, may_decline=True)
        unknown = [f for f in facts if f.key in self.withheld]
        facts = [f for f in facts if f.key not in self.withheld]
        lead = lead_answer(facts, q)  # what was asked, before a talkative user's extra
        if TALKATIVE in self.traits and facts:
            extra = CHATTY[int(unit_hash(question) * len(CHATTY))]
            if all(f.key != fact_key(0, extra) for f in facts):
                facts.append(fact(self.household, fact_key(0, extra)))
        said, tolerance = self._sentences(facts, history, q)
        said += [self._not_sure(f) for f in unknown]
        if not said:
            return DONT_KNOW, [], Allowance({})
        if TERSE in self.traits and lead and not unknown:
            return lead, facts, Allowance(tolerance)
        text = " ".join(([lead] if lead else []) + said)
        return text, facts, Allowance(tolerance, frozenset(f.key for f in unknown))

    def _sentences(self, facts: Sequence[Fact], history: Sequence[Turn], q: str) -> tuple[list[str], dict[str, float]]:
        said, tolerance = [], {}
        wrong_key = corrected_key(self.household) if CORRECTS in self.traits else None
        for f in facts:
            text = first_person(f.sentence)
            if f.key == wrong_key:
                wrong = wrong_value(f)
                first = not any(_with_value(f, wrong) in t.answer for t in history)
                if first:
                    said.append(_with_value(f, wrong))
                    tolerance[f.key] = float(abs(wrong - f.value))
                    continue
                text = f"{SORRY} {text}"
            if APPROXIMATE in self.traits and f.feature in MONEY and f.value >= 100 and not _EXACT.search(q):
                text = approximate(text, float(f.value))
                tolerance[f.key] = step(float(f.value)) / 2
            said.append(text)
        return said, tolerance

    def _not_sure(self, f: Fact) -> str:
        name = display_name(self.household, f.member or 0)
        if f.feature == "age":
            return f"I don't know exactly how old {name} is."
        return f"I'm not sure about {name}'s {f.feature.replace('annual_', '').replace('_', ' ')}."
