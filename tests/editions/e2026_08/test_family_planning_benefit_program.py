from checkers._common import table_limit
from checkers.editions.e2026_08.family_planning_benefit_program import MONTHLY_EXTRA_PER_PERSON, MONTHLY_LIMITS, check
from checkers.family_planning_benefit_program import check as check_2024
from eligibench.household import household


def test_eligible_resident_with_no_income_qualifies():  # all clauses met
    assert check(household({}))


def test_size_1_at_and_just_above_the_2026_limit():  # clause: income table (size 1, edge and just above)
    assert check(household({"annual_work_income": 2909 * 12}))
    assert not check(household({"annual_work_income": 2909 * 12 + 1}))


def test_the_2024_limit_no_longer_binds_and_verdicts_differ():  # clause: the table moved up
    hh = household({"annual_work_income": 2799 * 12 + 1})
    assert check(hh)
    assert not check_2024(hh)


def test_investment_and_other_members_income_count():  # clause: household income, size 2 row
    assert check(household({"annual_work_income": 30000}, {"relation": "spouse", "annual_investment_income": 3931 * 12 - 30000}))
    assert not check(household({"annual_work_income": 30000}, {"relation": "spouse", "annual_investment_income": 3931 * 12 - 29999}))


def test_size_6_last_reachable_row():  # clause: income table row 6 (largest possible household)
    kids = [{"relation": "child", "age": 5}] * 5
    assert check(household({"annual_work_income": 8019 * 12}, *kids))
    assert not check(household({"annual_work_income": 8019 * 12 + 1}, *kids))


def test_each_additional_person():  # clause: each additional person past 8 adds $1,023
    assert table_limit(MONTHLY_LIMITS, MONTHLY_EXTRA_PER_PERSON, 9) == 10063 + 1023


def test_living_outside_new_york_does_not_qualify():  # clause: New York State resident
    assert not check(household({"place_of_residence": "Jersey"}))
    assert check(household({"place_of_residence": "Jersey", "housing_type": "NYCHA development"}))


def test_status():  # clause: citizen, national or lawfully present
    assert check(household({"citizenship": "lawful_resident"}))
    assert not check(household({"citizenship": "unlawful_resident"}))


def test_medicaid_enrollment_excludes():  # clause: not enrolled in Medicaid (disability Medicaid too)
    assert not check(household({"receives_medicaid": True}))
    assert not check(household({"receives_disability_medicaid": True}))


def test_another_member_can_qualify():  # scope: individual
    assert check(household({"receives_medicaid": True}, {"relation": "spouse"}))


def test_a_young_child_is_not_of_reproductive_age():  # the shared rule's implied floor (second reading 2024-a, decided)
    parent = {"eligible_for_medicaid": True, "receives_medicaid": True, "qualify_for_health_insurance": True}
    assert not check(household(parent, {"age": 2, "relation": "child"}))
    assert check(household(parent, {"age": 12, "relation": "child"}))
