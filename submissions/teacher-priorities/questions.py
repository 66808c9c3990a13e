"""The teacher's plain questions: one roster question, then one question per feature addressed to
everyone in the household.

Wording is the feature's own description, put to the whole household. Which of four phrasings a
feature gets was measured, not guessed: with the grounded simulator's lexical selector
(`eligibench.evaluation.user.lexical_select`), a phrasing counts when it elicits that feature for
every member on 28 published households (every third row of the 2024 Diverse and Representative
sets, 2026-11-25). The default phrasing works for 109 of the 122 v1 features; `PHRASING` names the
rest. Two features no phrasing reaches for everyone (`in_foster_care`, `foster_age_out`: "foster"
is also a relation word, so the selector answers for the foster children only); the teacher asks
them anyway and reads what it is told (tests/submissions/test_teacher.py pins both numbers).
"""
from __future__ import annotations

from eligibench.household import ALL_FEATURES

ROSTER_QUESTION = "What is the name of each person in your household and how are they related to you?"
# Facts the roster question gives, or no question can ask.
NOT_ASKED = frozenset({"name", "relation"})

_PHRASINGS = (
    "Who in your household {d}? Please answer for each person.",  # 0: the default for yes/no features
    "For everyone in your household: {d}?",  # 1: the default for values
    "For each member of your household, tell me: {d}?",
    "Everyone in your household: {n}?",
)
# Features whose default phrasing the lexical selector reads as another feature (see the docstring).
PHRASING = {
    "sex": 1, "disabled": 1, "housing_type": 1, "is_parent": 1, "first_time_home_buyer": 1, "bedridden": 1,
    "propery_owner_widow": 3, "heat_shut_off": 3, "responsible_for_day_to_day": 3, "acs": 3,
    "work_authorization": 3, "honorable_service": 3,
}
_BY_NAME = {f.name: f for f in ALL_FEATURES}


def question(feature: str) -> str:
    """The plain question that asks every member's `feature`."""
    f = _BY_NAME[feature]
    d = f.description.rstrip(".")
    d = d[0].lower() + d[1:]
    default = 0 if f.type == "bool" else 1
    return _PHRASINGS[PHRASING.get(feature, default)].format(d=d, n=feature.replace("_", " "))
