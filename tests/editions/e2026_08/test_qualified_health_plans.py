import pytest

from checkers.editions.e2026_08.qualified_health_plans import check
from eligibench.household.model import household

OK = {"age": 40, "place_of_residence": "New York City", "citizenship": "citizen_or_national"}


def test_above_the_essential_plan_limit_qualifies():  # clause: not Essential Plan (size 1 $31,920 edge)
    assert check(household(OK | {"annual_work_income": 31921}))
    assert not check(household(OK | {"annual_work_income": 31920}))  # qualifies for the Essential Plan instead


def test_size_3_essential_plan_row():  # clause: Essential Plan table, size 3
    kids = [{"relation": "child", "age": 4}] * 2
    assert check(household(OK | {"annual_work_income": 54641}, *kids))
    assert not check(household(OK | {"annual_work_income": 54640}, *kids))


@pytest.mark.parametrize("coverage", ["eligible_for_employer_coverage", "receives_medicare", "va_healthcare"])
def test_other_coverage_rules_out_the_essential_plan_so_qualifies(coverage):  # clause: Essential Plan coverage test
    assert check(household(OK | {coverage: True}))


def test_over_64_is_outside_the_essential_plan():  # clause: Essential Plan age 64 edge
    assert check(household(OK | {"age": 65}))
    assert not check(household(OK | {"age": 64}))


def test_under_19_is_child_health_plus():  # clause: 19 or older (edge)
    assert not check(household(OK | {"age": 18, "annual_work_income": 90000}))
    assert check(household(OK | {"age": 19, "annual_work_income": 90000}))


@pytest.mark.parametrize("medicaid", ["eligible_for_medicaid", "receives_medicaid", "receives_disability_medicaid"])
def test_medicaid_excludes(medicaid):  # clause: not Medicaid
    assert not check(household(OK | {"annual_work_income": 90000, medicaid: True}))


def test_status_and_residence():  # clauses: NYS, lawful status
    assert not check(household(OK | {"annual_work_income": 90000, "citizenship": "unlawful_resident"}))
    assert not check(household(OK | {"annual_work_income": 90000, "place_of_residence": "Jersey"}))
