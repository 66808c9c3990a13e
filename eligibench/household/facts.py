"""A household's facts: (member, feature, value) triples with a stable key and the sentence that
states each, exactly as the profile states it.

Keys are ``m<i>.<feature>`` with ``i`` the member's index in the household (0 = the person
answering), e.g. ``m2.age``; the household's size is the one household-level fact, ``hh.size``.
The sentence of a feature fact is `profile.feature_sentence` (so a fact and the profile never
disagree); ``name`` and ``relation``, which the profile states only in its roster, get a roster
sentence of their own ("Maria Ruiz is your daughter.").

Facts are what the grounded simulated user discloses, what checkers are recorded reading (their
needed facts, `truth.tracing`) and what process metrics compare.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from eligibench.errors import HouseholdError
from eligibench.household.model import Household
from eligibench.household.profile import display_name, feature_sentence, relation_word
from eligibench.household.schema import ALL_FEATURES_BY_NAME, V2_FEATURE_NAMES, feature_names_for
from eligibench.household.value_sentences import counted

SIZE_KEY = "hh.size"
# Facts nobody needs to be told: member 0 is by definition the person answering ("self").
ALWAYS_KNOWN = frozenset({"m0.relation"})
_KEY = re.compile(r"^m(\d+)\.([a-z0-9_]+)$")


@dataclass(frozen=True)
class Fact:
    key: str  # "m2.age", or "hh.size"
    member: int | None  # household index; None for the household-level fact
    feature: str  # a schema feature, or "size"
    value: Any  # JSON-able: bool, int, float or str
    sentence: str  # the profile's sentence stating it, addressed to member 0


def fact_key(member: int, feature: str) -> str:
    return f"m{member}.{feature}"


def parse_key(key: str) -> tuple[int | None, str]:
    """(member index, feature) of a key; (None, "size") for ``hh.size``. Raises on a bad key."""
    if key == SIZE_KEY:
        return None, "size"
    m = _KEY.match(key)
    if not m or m.group(2) not in ALL_FEATURES_BY_NAME:
        raise HouseholdError(f"fact key {key!r}", "expected 'm<member index>.<schema feature>' or 'hh.size'")
    return int(m.group(1)), m.group(2)


def _roster_sentence(hh: Household, index: int, feature: str) -> str:
    name = display_name(hh, index)
    if feature == "name":
        return f"Your name is {name}." if index == 0 else f"{name} is a member of your household."
    if index == 0:
        return "You are the person answering for the household."
    return f"{name} is your {relation_word(hh.members[index])}."


def size_sentence(hh: Household) -> str:
    people = counted(hh.size, "person") if hh.size == 1 else f"{hh.size} people"
    return f"Your household has {people}."


def fact(hh: Household, key: str) -> Fact:
    """One fact of `hh` by key; a clear error for a member the household does not have."""
    index, feature = parse_key(key)
    if index is None:
        return Fact(SIZE_KEY, None, "size", hh.size, size_sentence(hh))
    if index >= hh.size:
        raise HouseholdError(f"fact key {key!r}", f"the household has {hh.size} members (m0 to m{hh.size - 1})")
    if hh.feature_schema == 1 and feature in V2_FEATURE_NAMES:
        raise HouseholdError(f"fact key {key!r}", "a feature schema version 2 feature; the household states version 1")
    value = getattr(hh.members[index], feature)
    if feature in ("name", "relation"):
        sentence = _roster_sentence(hh, index, feature)
    else:
        sentence = feature_sentence(hh, index, feature)
    return Fact(key, index, feature, value, sentence)


def household_facts(hh: Household) -> dict[str, Fact]:
    """Every fact of `hh` by key: the size, then each member's features in schema order."""
    out = {SIZE_KEY: fact(hh, SIZE_KEY)}
    for i in range(hh.size):
        for feature in feature_names_for(hh.feature_schema):
            k = fact_key(i, feature)
            out[k] = fact(hh, k)
    return out
