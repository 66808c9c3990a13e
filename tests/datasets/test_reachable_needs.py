"""Checker paths the status rules keep reachable. Rebuilding the datasets with the rules (measured
in docs/consistency.md) changed which rare deep paths the 10,000 fuzzed households happened to hit:
Learn & Earn's and Train & Earn's one-need lines (aged out of foster care, pregnant, runaway,
disability, justice system, parent) were among them. Each stays reachable by a household that
keeps every rule: here, the household whose only need is that one is eligible, and without it
is not (the rules, not chance, decide what can exist)."""
from __future__ import annotations

import pytest

from checkers import registry
from checkers.editions import edition_registry
from eligibench.household import consistency as cons
from eligibench.household import household

YOUTH = {"age": 19, "sex": "female", "place_of_residence": "New York City", "housing_type": "rent stabilized apartment",
         "has_ssn": True, "citizenship": "citizen_or_national", "authorized_to_work_in_us": True,
         "work_authorization": True, "annual_investment_income": 90_000,  # above every low-income table
         "high_school_equivalent": cons.NO_DIPLOMA, "proficient_in_english_reading_and_writing": True}
IN_SCHOOL = {**YOUTH, "current_school_level": 12}  # Learn & Earn: a high school senior
OUT_OF_SCHOOL = {**YOUTH, "current_school_level": "none"}  # Train & Earn: out-of-school youth

CASES = [
    ("2024", "LearnEarn", IN_SCHOOL, {"foster_age_out": True}),
    ("2024", "LearnEarn", IN_SCHOOL, {"months_pregnant": 3}),
    ("2026-08", "LearnEarn", IN_SCHOOL, {"is_runaway": True}),
    ("2026-08", "LearnEarn", IN_SCHOOL, {"disabled": True}),
    ("2026-08", "TrainEarn", OUT_OF_SCHOOL, {"involved_in_justice_system": True}),
    ("2026-08", "TrainEarn", OUT_OF_SCHOOL, {"is_parent": True}),
]


@pytest.mark.parametrize("edition,oid,base,need", CASES, ids=[f"{e}-{o}-{next(iter(n))}" for e, o, _, n in CASES])
def test_one_need_path_reachable_by_a_consistent_household(edition, oid, base, need):
    check = (registry() if edition == "2024" else edition_registry(edition))[oid].check
    with_need, without = household({**base, **need}), household(base)
    assert cons.violations(with_need) == [] and cons.violations(without) == []
    assert (check(with_need), check(without)) == (True, False)
