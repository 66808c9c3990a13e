from checkers.editions.e2026_08.silver_corps import check
from eligibench.household import household

OK = {"place_of_residence": "New York City", "age": 60, "work_hours_per_week": 0}


def test_size_1_at_and_above_the_2026_limit():  # clause: income table size 1 (edges)
    assert check(household(OK | {"annual_investment_income": 62600}))
    assert not check(household(OK | {"annual_investment_income": 62601}))


def test_size_6_row():  # clause: income table size 6 (largest possible household)
    kids = [{"relation": "child", "age": 5}] * 5
    assert check(household(OK | {"annual_investment_income": 172600}, *kids))
    assert not check(household(OK | {"annual_investment_income": 172601}, *kids))


def test_age_55_edge_and_a_non_self_member():  # clause: at least 55
    assert check(household(OK | {"age": 55}))
    assert not check(household(OK | {"age": 54}))
    assert check(household({"age": 30}, OK | {"relation": "sibling"}))


def test_hours_below_35_count_as_underemployed():  # clause: unemployed or underemployed
    assert check(household(OK | {"work_hours_per_week": 34, "annual_work_income": 20000}))
    assert not check(household(OK | {"work_hours_per_week": 35, "annual_work_income": 20000}))


def test_outside_nyc_fails():  # clause: NYC resident
    assert not check(household(OK | {"place_of_residence": "Jersey"}))
