from checkers.editions.e2026_08.pre_k_for_all import check
from eligibench.household import household

NYC = {"place_of_residence": "New York City"}


def test_a_four_year_old_in_nyc_qualifies_through_a_non_self_member():  # clauses: age 4, NYC
    assert check(household(NYC | {"age": 30}, NYC | {"relation": "child", "age": 4}))


def test_ages_three_and_five_fail():  # clause: age 4 (just below, just above)
    assert not check(household(NYC | {"age": 30}, NYC | {"relation": "child", "age": 3}))
    assert not check(household(NYC | {"age": 30}, NYC | {"relation": "child", "age": 5}))


def test_outside_nyc_fails_unless_in_nycha():  # clause: lives in New York City
    out = {"place_of_residence": "Jersey"}
    assert not check(household(out | {"age": 30}, out | {"relation": "child", "age": 4}))
    assert check(household(out | {"age": 30}, out | {"relation": "child", "age": 4, "housing_type": "NYCHA development"}))


def test_no_child_fails():  # a household with no relevant member
    assert not check(household(NYC | {"age": 40}))
