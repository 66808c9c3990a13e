from checkers.editions.e2026_08.older_adult_employment_program import check
from eligibench.household import household

OK = {"place_of_residence": "New York City", "age": 60, "work_hours_per_week": 0}


def test_size_1_at_and_above_the_2026_limit():  # clause: income table size 1 (edges)
    assert check(household(OK | {"annual_investment_income": 19563}))
    assert not check(household(OK | {"annual_investment_income": 19564}))
    assert check(household(OK | {"annual_investment_income": 18826}))  # over the 2024 limit


def test_size_6_row_through_a_non_self_member():  # clause: income table size 6; any member
    kids = [{"relation": "child", "age": 5}] * 4
    members = [{"age": 30, "annual_work_income": 53938, "work_hours_per_week": 40}, OK | {"relation": "sibling"}, *kids]
    assert check(household(*members))
    members[0] = members[0] | {"annual_work_income": 53939}
    assert not check(household(*members))


def test_age_55_edge():  # clause: 55 or older
    assert check(household(OK | {"age": 55}))
    assert not check(household(OK | {"age": 54}))


def test_any_work_hours_fail():  # clause: unemployed
    assert not check(household(OK | {"work_hours_per_week": 1, "annual_work_income": 1000}))


def test_outside_nyc_fails():  # clause: lives in the five boroughs
    assert not check(household(OK | {"place_of_residence": "Jersey"}))
