"""Reading the simulated user's answers back into a household.

The inverse of the profile's sentences: a fact is read when the sentence that would state it (the
profile's own template, rendered for that member and a candidate value, in the first person as the
grounded user speaks) occurs in the answer. Candidates are both truth values, every choice, and
for numbers every number written in the answer. No pattern per feature, so a feature the profile
can state can be read; what was not said keeps the schema default (the checker then reads that).

An answer in other words (a free-form model user, a persona's approximate number) is read only
where a number is the sole difference ("about $25,000" still gives 25000: the number-masked
sentence occurs in the answer).
"""
from __future__ import annotations

import re
from typing import Iterable, Sequence

from eligibench.evaluation.user import first_person
from eligibench.household import ALL_FEATURES, Household, fact, fact_key, household, relation_word, replace_member

_BY_NAME = {f.name: f for f in ALL_FEATURES}
_HEDGE_CHARS = 24  # "roughly around $": what may stand between the sentence's words and its number
_NUMBER = re.compile(r"\d[\d,]*(?:\.\d+)?")
_ROSTER = re.compile(r"([A-Z][\w'.-]*(?: [A-Z][\w'.-]*)*) is my ([a-z][a-z ]*?)\.")
RELATIONS = tuple(v for v in _BY_NAME["relation"].values if v != "self")


def _relation_words() -> dict[str, tuple[str, str | None]]:
    """The word the profile uses for a relation (by sex) -> (relation, sex it tells or None)."""
    out: dict[str, tuple[str, str | None]] = {}
    for rel in RELATIONS:
        words = {s: relation_word(household({}, {"relation": rel, "sex": s}).members[1]) for s in ("female", "male")}
        for sex, word in words.items():
            out[word] = (rel, sex if words["female"] != words["male"] else None)
    return out


_WORDS = _relation_words()


def roster(text: str) -> list[tuple[str, str, str | None]]:
    """(name, relation, sex or None) of each other member the roster answer names, in order."""
    out = []
    for name, word in _ROSTER.findall(text):
        if word in _WORDS:
            rel, sex = _WORDS[word]
            out.append((name, rel, sex))
    return out


def skeleton(members: Sequence[tuple[str, str, str | None]]) -> Household:
    """The household the roster describes, every other feature at its schema default."""
    others = [{"name": n, "relation": r, **({"sex": s} if s else {})} for n, r, s in members]
    return household({"relation": "self"}, *others)


def numbers(text: str) -> list[float]:
    return [float(t.replace(",", "")) for t in _NUMBER.findall(text)]


def _candidates(feature: str, text: str) -> Iterable[object]:
    f = _BY_NAME[feature]
    if f.type == "bool":
        return (True, False)
    if f.type == "choice":
        return f.values or ()
    if f.type in ("int", "float"):
        found = dict.fromkeys(numbers(text))
        values = [int(x) for x in found if x == int(x)] if f.type == "int" else list(found)
        return [v for v in values if f.problem(v) is None]  # "213" in an answer is no month of pregnancy
    return ()


def _said(hh: Household, index: int, feature: str, text: str) -> bool:
    return first_person(fact(hh, fact_key(index, feature)).sentence) in text


def _masked(sentence: str) -> str:
    return _NUMBER.sub("#", sentence)


def read_fact(hh: Household, index: int, feature: str, text: str) -> Household:
    """`hh` with member `index`'s `feature` set to the value the answer states (unchanged when it
    states none). A member whose sex the roster did not tell is tried as both: sentences about
    a member may use a pronoun."""
    sexes = [hh.members[index].sex] + ([] if index == 0 else [s for s in ("female", "male") if s != hh.members[index].sex])
    for sex in sexes:
        base = hh if sex == hh.members[index].sex else replace_member(hh, index, sex=sex)
        for value in _candidates(feature, text):
            trial = replace_member(base, index, **{feature: value})
            if _said(trial, index, feature, text):
                return trial
    if _BY_NAME[feature].type in ("int", "float"):
        return _read_approximate(hh, index, feature, text)
    return hh


def _read_approximate(hh: Household, index: int, feature: str, text: str) -> Household:
    """A number said in other words around the same sentence: the sentence with its number masked
    occurs in the masked answer; the value is the number at that place."""
    probe = replace_member(hh, index, **{feature: 7 if _BY_NAME[feature].type == "int" else 7.0})
    pattern = _masked(first_person(fact(probe, fact_key(index, feature)).sentence))
    if "#" not in pattern:
        return hh
    # the words before the number, without its "$": a hedge ("about", "around") may stand between
    head = pattern.split("#")[0].rstrip("$ ")
    at = text.find(head)
    if not head or at < 0:
        return hh
    found = _NUMBER.search(text, at + len(head))
    if not found or found.start() - (at + len(head)) > _HEDGE_CHARS:
        return hh
    value = float(found.group().replace(",", ""))
    value = int(value) if _BY_NAME[feature].type == "int" else value
    if _BY_NAME[feature].problem(value):
        return hh
    return replace_member(hh, index, **{feature: value})


def read_answer(hh: Household, features: Iterable[str], text: str) -> Household:
    """Every member's `features` the answer states, read into `hh`."""
    for feature in features:
        for index in range(hh.size):
            hh = read_fact(hh, index, feature, text)
    return hh
