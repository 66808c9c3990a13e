from checkers.editions.e2026_08.fair_fares_nyc import check
from eligibench.household import household

NYC = {"place_of_residence": "New York City"}


def test_size_1_at_just_below_and_just_above_the_2026_limit():  # clause: income table size 1 (edges)
    assert check(household(NYC | {"age": 30, "annual_work_income": 23475}))
    assert check(household(NYC | {"age": 30, "annual_work_income": 23474}))
    assert not check(household(NYC | {"age": 30, "annual_work_income": 23476}))


def test_the_2024_limit_no_longer_binds():  # clause: the table moved from $18,072
    assert check(household(NYC | {"age": 30, "annual_work_income": 18073}))


def test_size_6_last_reachable_row():  # clause: income table size 6
    kids = [NYC | {"relation": "child", "age": 5}] * 5
    assert check(household(NYC | {"age": 30, "annual_work_income": 64725}, *kids))
    assert not check(household(NYC | {"age": 30, "annual_work_income": 64726}, *kids))


def test_age_18_to_64_through_a_non_self_member():  # clause: 18-64 (edges), any member
    assert check(household(NYC | {"age": 70}, NYC | {"relation": "child", "age": 18}))
    assert check(household(NYC | {"age": 64}))
    assert not check(household(NYC | {"age": 65}, NYC | {"relation": "child", "age": 17}))


def test_outside_nyc_fails():  # clause: lives in New York City
    assert not check(household({"age": 30, "place_of_residence": "Jersey"}))
