from checkers.child_tax_credit import check as check_2024
from checkers.editions.e2026_08.child_tax_credit import (
    check,
    qualifies_for_empire_state_credit,
    qualifies_for_federal_credit,
)
from eligibench.household import household

KID = {"relation": "child", "age": 8, "dependent": True}
OUTSIDE_NY = {"place_of_residence": "Jersey"}
ITIN_ONLY = {"has_ssn": False, "has_itin": True}
SPOUSE = {"relation": "spouse", "place_of_residence": "Jersey"}


def test_single_filer_with_qualifying_child_qualifies():  # federal 1-3
    assert check(household({"annual_work_income": 50000}, KID))


def test_federal_single_limit_edges_outside_new_york():  # federal 1: $200,000 (edge, just above)
    assert check(household({**OUTSIDE_NY, "annual_work_income": 200000}, KID))
    assert not check(household({**OUTSIDE_NY, "annual_work_income": 200001}, KID))


def test_federal_joint_limit_edges():  # federal 1: $400,000 joint (edge, just above)
    spouse = {**SPOUSE, "annual_work_income": 200000}
    assert check(household({**OUTSIDE_NY, "filing_jointly": True, "annual_work_income": 200000}, spouse, KID))
    assert not check(household({**OUTSIDE_NY, "filing_jointly": True, "annual_work_income": 200001}, spouse, KID))


def test_child_age_under_17():  # qualifying child: under 17 (16 in, 17 out)
    assert check(household({"annual_work_income": 50000}, KID | {"age": 16}))
    assert not check(household({"annual_work_income": 50000}, KID | {"age": 17}))


def test_itin_filer_loses_the_federal_credit_and_verdicts_differ():  # federal 2: SSN or ATIN for yourself
    hh = household({**OUTSIDE_NY, **ITIN_ONLY, "annual_work_income": 50000}, KID)
    assert not check(hh)
    assert check_2024(hh)  # 2024: "the filer may use an SSN or ITIN"


def test_atin_filer_qualifies_federally_and_verdicts_differ():  # federal 2: an ATIN now serves the filer
    hh = household({**OUTSIDE_NY, "has_ssn": False, "has_atin": True, "annual_work_income": 50000}, KID)
    assert qualifies_for_federal_credit(hh)
    assert not check_2024(hh)


def test_itin_filer_in_new_york_keeps_the_empire_state_credit():  # Empire 1-3 (income route)
    hh = household({**ITIN_ONLY, "annual_work_income": 75000}, KID)
    assert not qualifies_for_federal_credit(hh)
    assert check(hh)
    assert not check(household({**ITIN_ONLY, "annual_work_income": 75001}, KID))


def test_child_with_itin_only_new_york_empire_credit_and_verdicts_differ():  # Empire 2: child SSN or ITIN
    child = KID | ITIN_ONLY
    hh = household({"annual_work_income": 50000}, child)
    assert not qualifies_for_federal_credit(hh)
    assert qualifies_for_empire_state_credit(hh)
    assert check(hh)
    assert not check_2024(hh)
    assert not check(household({**OUTSIDE_NY, "annual_work_income": 50000}, child))


def test_empire_joint_and_separate_limits():  # Empire 3: $110,000 joint, $55,000 separate
    itin = {**ITIN_ONLY}
    joint_spouse = {**SPOUSE, "annual_work_income": 10000}
    assert check(household({**itin, "filing_jointly": True, "annual_work_income": 100000}, joint_spouse, KID))
    assert not check(household({**itin, "filing_jointly": True, "annual_work_income": 100001}, joint_spouse, KID))
    assert check(household({**itin, "annual_work_income": 55000}, SPOUSE, KID))
    assert not check(household({**itin, "annual_work_income": 55001}, SPOUSE, KID))


def test_married_to_a_new_york_resident():  # Empire 1: resident or married to one
    ny_spouse = {"relation": "spouse", "place_of_residence": "New York City"}
    assert check(household({**OUTSIDE_NY, **ITIN_ONLY, "annual_work_income": 50000}, ny_spouse, KID))


def test_federal_credit_route_of_the_empire_state_credit():  # Empire 3: claimed the federal CTC
    assert qualifies_for_empire_state_credit(household({"annual_work_income": 150000}, KID))


def test_child_conditions():  # qualifying child: relation, lived together, claimed, not self-supporting
    assert not check(household({"annual_work_income": 50000}, KID | {"relation": "cousin"}))
    assert check(household({"annual_work_income": 50000}, KID | {"relation": "niece or nephew"}))
    assert not check(household({"annual_work_income": 50000}, KID | {"lived_together_last_6_months": False}))
    assert not check(household({"annual_work_income": 50000}, KID | {"dependent": False}))
    assert not check(household({"annual_work_income": 50000}, KID | {"provides_over_half_of_own_financial_support": True}))
