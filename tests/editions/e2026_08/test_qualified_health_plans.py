import pytest

from checkers.editions.e2026_08.qualified_health_plans import check
from eligibench.household import household

OK = {"age": 40, "place_of_residence": "New York City", "citizenship": "citizen_or_national"}


def test_above_the_essential_plan_limit_qualifies():  # clause: not Essential Plan (size 1 $31,920 edge)
    assert check(household(OK | {"annual_work_income": 31921}))
    assert not check(household(OK | {"annual_work_income": 31920}))  # qualifies for the Essential Plan instead


def test_size_3_essential_plan_row():  # clause: Essential Plan table, size 3
    kids = [{"relation": "child", "age": 4, "health_insurance": False}] * 2  # uninsured: Child Health Plus, not QHP
    assert check(household(OK | {"annual_work_income": 54641}, *kids))
    assert not check(household(OK | {"annual_work_income": 54640}, *kids))


@pytest.mark.parametrize("coverage", ["eligible_for_employer_coverage", "receives_medicare", "va_healthcare"])
def test_other_coverage_rules_out_the_essential_plan_so_qualifies(coverage):  # clause: Essential Plan coverage test
    assert check(household(OK | {coverage: True}))


def test_over_64_is_outside_the_essential_plan():  # clause: Essential Plan age 64 edge
    assert check(household(OK | {"age": 65}))
    assert not check(household(OK | {"age": 64}))


def test_an_uninsured_child_is_child_health_plus():  # clause: not Child Health Plus (age 18 edge; issue 30 decided)
    uninsured = OK | {"annual_work_income": 90000, "health_insurance": False}
    assert not check(household(uninsured | {"age": 18}))  # qualifies for Child Health Plus instead
    assert check(household(uninsured | {"age": 19}))
    # an insured child does not qualify for Child Health Plus (its checker in this edition), so may enroll
    assert check(household(uninsured | {"age": 18, "health_insurance": True}))
    assert check(household(uninsured | {"age": 10, "health_insurance": True}))


def test_a_child_is_not_held_to_the_essential_plan():  # Essential Plan is for 19 to 64 (its minimum age 19)
    low = OK | {"annual_work_income": 1000, "health_insurance": True}
    assert check(household(low | {"age": 18}))  # insured child, low income: no Essential Plan under 19
    assert not check(household(low | {"age": 19}))  # 19: the Essential Plan instead


@pytest.mark.parametrize("medicaid", ["eligible_for_medicaid", "receives_medicaid", "receives_disability_medicaid"])
def test_medicaid_excludes(medicaid):  # clause: not Medicaid
    assert not check(household(OK | {"annual_work_income": 90000, medicaid: True}))


def test_status_and_residence():  # clauses: NYS, lawful status
    assert not check(household(OK | {"annual_work_income": 90000, "citizenship": "unlawful_resident"}))
    assert not check(household(OK | {"annual_work_income": 90000, "place_of_residence": "Jersey"}))
