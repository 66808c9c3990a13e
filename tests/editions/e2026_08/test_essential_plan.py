import pytest

from checkers.editions.e2026_08.essential_plan import check
from eligibench.household import household

OK = {"age": 30, "place_of_residence": "New York City", "citizenship": "lawful_resident"}


def test_size_1_income_edges():  # clause: income table size 1 (at, below, above)
    assert check(household(OK | {"annual_work_income": 31920}))
    assert check(household(OK | {"annual_work_income": 31919}))
    assert not check(household(OK | {"annual_work_income": 31921}))


def test_size_6_row_counts_every_members_income():  # clause: income table size 6, household income
    kids = [{"relation": "child", "age": 5}] * 4
    spouse = {"relation": "spouse", "age": 30, "annual_investment_income": 8720}
    assert check(household(OK | {"annual_work_income": 80000}, spouse, *kids))
    assert not check(household(OK | {"annual_work_income": 80001}, spouse, *kids))


def test_ages_19_to_64_edges():  # clause: ages 19 to 64
    assert check(household(OK | {"age": 19}))
    assert check(household(OK | {"age": 64}))
    assert not check(household(OK | {"age": 65}))
    assert not check(household(OK | {"age": 18}))


def test_a_qualifying_member_other_than_self():  # individual scope
    assert check(household(OK | {"age": 70}, OK | {"relation": "spouse", "age": 60}))


@pytest.mark.parametrize("blocker", ["eligible_for_medicaid", "receives_medicaid", "receives_disability_medicaid",
                                     "eligible_for_employer_coverage", "receives_medicare", "va_healthcare"])
def test_medicaid_or_other_coverage_excludes(blocker):  # clause: not Medicaid, no employer/other coverage
    assert not check(household(OK | {blocker: True}))


def test_status_and_residence():  # clause: NYS resident, immigration status
    assert check(household(OK | {"citizenship": "citizen_or_national"}))
    assert not check(household(OK | {"citizenship": "unlawful_resident"}))
    assert not check(household(OK | {"place_of_residence": "Jersey"}))
    assert check(household(OK | {"place_of_residence": "Jersey", "housing_type": "NYCHA development"}))
