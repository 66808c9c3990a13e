from checkers.kindergarten_and_elementary_school import check
from eligibench.household import household


def test_child_aged_5_in_nyc_qualifies():  # clause: age 5 (at), through a child member
    assert check(household({}, {"relation": "child", "age": 5}))


def test_child_aged_4_fails():  # clause: age 5 (just below)
    assert not check(household({}, {"relation": "child", "age": 4}))


def test_child_aged_6_fails():  # clause: age 5 (just above)
    assert not check(household({}, {"relation": "child", "age": 6}))


def test_child_outside_nyc_fails():  # clause: lives in NYC
    assert not check(household({}, {"relation": "child", "age": 5, "place_of_residence": "Jersey"}))


def test_household_of_adults_fails():  # no relevant member
    assert not check(household({"age": 35}, {"relation": "spouse", "age": 36}))
