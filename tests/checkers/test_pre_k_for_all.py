from checkers.pre_k_for_all import check
from eligibench.household import household


def test_child_aged_4_in_nyc_qualifies():  # clause: age 4 (at), through a child member
    assert check(household({}, {"relation": "child", "age": 4}))


def test_child_aged_3_fails():  # clause: age 4 (just below)
    assert not check(household({}, {"relation": "child", "age": 3}))


def test_child_aged_5_fails():  # clause: age 4 (just above)
    assert not check(household({}, {"relation": "child", "age": 5}))


def test_child_outside_nyc_fails():  # clause: lives in NYC
    assert not check(household({}, {"relation": "child", "age": 4, "place_of_residence": "Jersey"}))


def test_disabled_child_qualifies():  # clause: disability does not exclude
    assert check(household({}, {"relation": "grandchild", "age": 4, "disabled": True}))


def test_household_without_young_child_fails():  # no relevant member
    assert not check(household({"age": 35}, {"relation": "spouse", "age": 36}))
