"""Checking one answer against the household facts its question concerns, by rule.

Used three ways: the grounded user rejects a model-phrased answer that disagrees with the facts
it was given (then states the template answer); after a free-form run every answer is checked
(the run's simulator faithfulness, `simulator_checks`); the audit grades its probes.

Verdicts:
- ``faithful``: every checkable part agrees (a number equal to a numeric fact, within 1%; the
  yes/no of a single boolean fact; a choice value named);
- ``contradicted``: a number no fact has, or the opposite yes/no;
- ``dont_know``: the answer says it does not know although the facts say;
- ``unchecked``: nothing to compare (no facts concern the question, or no number / yes / no).

A persona's answers (`persona`, `behaviours`) deviate on purpose; their `Allowance` says how far
(a number within its rounding, "not sure" for a fact the persona cannot know, a refusal or a
"what does SNAP mean?" before the agent explained): within it the answer is faithful, beyond it
contradicted (a refusal after an explanation). Without an allowance the check is as before.
"""
from __future__ import annotations

import json
import re
from dataclasses import dataclass
from typing import Mapping, Sequence

from eligibench.household import Fact

FAITHFUL, CONTRADICTED, DONT_KNOW, UNCHECKED = "faithful", "contradicted", "dont_know", "unchecked"
VERDICTS = (FAITHFUL, CONTRADICTED, DONT_KNOW, UNCHECKED)

_NUM = re.compile(r"(?<![\w.])\$?(\d[\d,]*(?:\.\d+)?)")
_WORD_NUM = {"zero": 0, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7,
             "eight": 8, "nine": 9, "ten": 10, "eleven": 11, "twelve": 12}
YES = re.compile(r"^\W*(yes|yeah|yep|correct|i do|i am|i have|i can|i receive|she does|he does|she is|he is|"
                 r"she has|he has|they do|they are)\b", re.I)
NO = re.compile(r"^\W*(no|nope|none|never|not)\b|\b(do not|don'?t|doesn'?t|does not|am not|'m not|is not|isn'?t|"
                r"are not|aren'?t|have not|haven'?t|has not|hasn'?t|have no|has no|cannot|can'?t|never|no longer)\b", re.I)
UNKNOWN = re.compile(r"\b(don'?t know|do not know|not sure|no idea|doesn'?t say|does not say|can'?t say|cannot say|"
                     r"not (?:mentioned|stated|specified)|unknown|no information|i'?m not aware)\b", re.I)


# a persona declining ("I'd rather not say") or asking what a program name means
DECLINES = re.compile(r"\b(rather not|prefer not|why do you need|why are you asking|never heard of|"
                      r"what (?:is|are|does) [A-Za-z0-9 -]{1,30}\?|what that means)", re.I)


@dataclass(frozen=True)
class Check:
    verdict: str
    detail: str


@dataclass(frozen=True)
class Allowance:
    """The deviation one persona answer may show and still be faithful."""
    tolerance: Mapping[str, float]  # fact key -> absolute tolerance of a stated number
    unknown: frozenset[str] = frozenset()  # fact keys the persona may say it does not know
    may_decline: bool = False  # a refusal or clarification question stands (nothing explained yet)

    def to_note(self) -> str:
        """The allowance as the turn's note records it (`allowance_from_note` reads it back)."""
        return " allow=" + json.dumps({"tol": dict(sorted(self.tolerance.items())), "unknown": sorted(self.unknown),
                                       "decline": self.may_decline}, separators=(",", ":"))


def allowance_from_note(note: str) -> Allowance | None:
    """The allowance a persona answer's note carries; None for a note without one (no persona)."""
    if " allow=" not in note:
        return None
    d = json.loads(note.split(" allow=", 1)[1])
    return Allowance(dict(d["tol"]), frozenset(d["unknown"]), bool(d["decline"]))


def numbers(text: str) -> list[float]:
    text = re.sub(r"\bMember \d+\b", "", text)  # unnamed members' display names are not amounts
    text = re.sub(r"\bunder 1 year\b", "0 year", text)  # the profile's sentence for age 0
    text = re.sub(r"\bSection \d+\b", "Section", text)  # housing programs' names ("Section 8") are not amounts
    out = [float(n.replace(",", "")) for n in _NUM.findall(text)]
    # "a four-bedroom, one-family house" states no count
    out += [float(v) for w, v in _WORD_NUM.items() if re.search(rf"\b{w}\b(?!-)", text, re.I)]
    return out


def polarity(text: str) -> bool | None:
    """True for a yes, False for a no, None when the first sentence says neither."""
    lead = re.split(r"(?<=[.!?])\s", text.strip(), maxsplit=1)[0]
    if NO.search(lead):
        return False
    if YES.search(lead):
        return True
    return None


def says_unknown(text: str) -> bool:
    return bool(UNKNOWN.search(text))


def _numeric(f: Fact) -> bool:
    return isinstance(f.value, (int, float)) and not isinstance(f.value, bool)


def _close(a: float, b: float, tol: float = 0.0) -> bool:
    return abs(a - b) <= max(0.01 * abs(b), 0.005, tol)


def _allowed_deviation(answer: str, facts: Sequence[Fact], allow: Allowance) -> tuple[Check | None, list[Fact]]:
    """A persona answer: the verdict its allowance settles (a decline; "not sure" of unknowable
    facts only), else the facts left to check by the ordinary rules."""
    if DECLINES.search(answer):
        if allow.may_decline:
            return Check(FAITHFUL, "declined or asked what a term means before any explanation (allowed)"), []
        return Check(CONTRADICTED, "declined although the agent had explained why it asks"), []
    known = [f for f in facts if f.key not in allow.unknown]
    if says_unknown(answer) and allow.unknown and not known:
        return Check(FAITHFUL, "not sure of " + ", ".join(f.key for f in facts) + " (the persona cannot know)"), []
    return None, known


def check_answer(answer: str, facts: Sequence[Fact], allowed_numbers: Sequence[float] = (),
                 allowance: Allowance | None = None) -> Check:
    """Does `answer` agree with `facts` (the facts its question concerns)?

    `allowed_numbers`: numbers the answer may repeat without contradiction (e.g. those in the
    question: "children under 5"); member indexes and ages of other facts are not invented numbers.
    `allowance`: a persona answer's allowed deviation (None: the exact grounded user's rules).
    """
    tol: Mapping[str, float] = {}
    if allowance is not None:
        settled, known = _allowed_deviation(answer, facts, allowance)
        if settled is not None:
            return settled
        if allowance.unknown:
            answer = UNKNOWN.sub("", answer)  # "not sure what she earns" covers the unknowable facts
        facts, tol = known, allowance.tolerance
    if not facts:
        return Check(UNCHECKED, "no fact of the household concerns this question")
    if says_unknown(answer):
        return Check(DONT_KNOW, "said it does not know; the profile states " + ", ".join(f.key for f in facts))
    numeric = [f for f in facts if _numeric(f)]
    said = [n for n in numbers(answer) if not any(_close(n, a) for a in allowed_numbers)]
    if numeric and said:
        wrong = [n for n in said if not any(_close(n, float(f.value), tol.get(f.key, 0.0)) for f in numeric)]
        if wrong:
            return Check(CONTRADICTED, f"number {wrong[0]:g} matches none of "
                         + ", ".join(f"{f.key}={f.value}" for f in numeric))
        return Check(FAITHFUL, "numbers agree: " + ", ".join(f"{f.key}={f.value}" for f in numeric))
    if numeric and not said and all(f.value == 0 for f in numeric) and polarity(answer) is False:
        return Check(FAITHFUL, "said none/no for " + ", ".join(f.key for f in numeric) + " = 0")
    bools = [f for f in facts if isinstance(f.value, bool)]
    # a yes or no answers the facts only when they are all booleans that agree ("I am in
    # kindergarten" opens with "I am" but is no yes to "enrolled in an educational program")
    if bools and len(bools) == len(facts) and len({f.value for f in bools}) == 1:
        said_yes = polarity(answer)
        if said_yes is not None:
            want = bools[0].value
            keys = ", ".join(f"{f.key}={f.value}" for f in bools)
            return Check(FAITHFUL if said_yes == want else CONTRADICTED,
                         f"said {'yes' if said_yes else 'no'}; {keys}")
    choices = [f for f in facts if isinstance(f.value, str) and f.value]
    low = answer.lower()
    named = [f for f in choices if f.value.lower().replace("_", " ") in low]
    if named:
        return Check(FAITHFUL, "names " + ", ".join(f"{f.key}={f.value}" for f in named))
    return Check(UNCHECKED, "no number, yes/no or value to compare")


_RANK_NUMBER = re.compile(r"\bnumber (\d+)\b", re.I)
_MOST, _LEAST, _LESS = re.compile(r"\bmost\b", re.I), re.compile(r"\bleast\b", re.I), re.compile(r"\bless\b", re.I)


def check_priorities(answer: str, order: Sequence[str], names: Mapping[str, str], question: str = "") -> Check:
    """Does `answer` state the household's priorities faithfully? `order`: its programs by weight,
    highest first (`truth.ranked(priorities_of(row))`); `names`: id -> the name it calls each.

    Asked about one program (the question names one): the program must be named, a rank it states
    ("number 3") must be its rank, and "most" / "least" / "less" must fit (most: first; least:
    last; less: in the lower half). Otherwise (what matters, or several named programs): the
    programs the answer names must be the weight order of the asked ones (all when none is
    named), from the top, without gaps; "least" only once all are named. Faithful statements
    are exactly the ones the simulated user renders (`user.priorities`), and their paraphrases."""
    from eligibench.evaluation.user.priorities import named_in

    own = {o: names.get(o, o) for o in order}
    asked = named_in(question, own)
    said = named_in(answer, own)
    if not said:
        return Check(UNCHECKED, "names none of the household's programs")
    if len(asked) == 1:
        program, n = asked[0], len(order)
        k = order.index(program) + 1
        if program not in said:
            return Check(CONTRADICTED, f"asked about {program}, the answer names {', '.join(said)}")
        stated = [int(x) for x in _RANK_NUMBER.findall(answer)]
        if stated and stated[0] != k:
            return Check(CONTRADICTED, f"states {program} as number {stated[0]}; its rank is {k} of {n}")
        if _LEAST.search(answer) and k != n:
            return Check(CONTRADICTED, f"says {program} matters least; its rank is {k} of {n}")
        if _LESS.search(answer) and not _LEAST.search(answer) and k <= n / 2:
            return Check(CONTRADICTED, f"says {program} matters less; its rank is {k} of {n} (upper half)")
        if _MOST.search(answer) and not _LESS.search(answer) and k != 1 and n > 1:
            return Check(CONTRADICTED, f"says {program} matters most; its rank is {k} of {n}")
        return Check(FAITHFUL, f"{program}: rank {k} of {n}")
    expected = [o for o in order if o in asked] if asked else list(order)
    if said != expected[:len(said)]:
        return Check(CONTRADICTED, "order " + " > ".join(said) + "; by weight " + " > ".join(expected))
    if _LEAST.search(answer) and len(said) < len(expected):
        return Check(CONTRADICTED, f"says {said[-1]} matters least, but {len(expected) - len(said)} more rank below it")
    return Check(FAITHFUL, "order " + " > ".join(said) + (" (all)" if len(said) == len(expected) else " (from the top)"))
