from checkers.editions.e2026_08.three_k import check
from eligibench.household import household

NYC = {"place_of_residence": "New York City"}


def test_a_three_year_old_in_nyc_qualifies_through_a_non_self_member():  # clauses: age 3, NYC
    assert check(household(NYC | {"age": 30}, NYC | {"relation": "child", "age": 3}))


def test_ages_two_and_four_fail():  # clause: age 3 (just below, just above)
    assert not check(household(NYC | {"age": 30}, NYC | {"relation": "child", "age": 2}))
    assert not check(household(NYC | {"age": 30}, NYC | {"relation": "child", "age": 4}))


def test_outside_nyc_fails_unless_in_a_shelter():  # clause: lives in New York City
    out = {"place_of_residence": "Jersey"}
    assert not check(household(out | {"age": 30}, out | {"relation": "child", "age": 3}))
    assert check(household(out | {"age": 30}, out | {"relation": "child", "age": 3, "housing_type": "DHS shelter"}))


def test_no_child_fails():  # a household with no relevant member
    assert not check(household(NYC | {"age": 40}))
