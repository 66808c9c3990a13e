from checkers.three_k import check
from eligibench.household import household


def test_child_aged_3_in_nyc_qualifies():  # clause: age 3 (at), through a child member
    assert check(household({}, {"relation": "child", "age": 3}))


def test_child_aged_2_fails():  # clause: age 3 (just below)
    assert not check(household({}, {"relation": "child", "age": 2}))


def test_child_aged_4_fails():  # clause: age 3 (just above)
    assert not check(household({}, {"relation": "child", "age": 4}))


def test_child_outside_nyc_fails():  # clause: lives in NYC
    assert not check(household({}, {"relation": "child", "age": 3, "place_of_residence": "Jersey"}))


def test_nephew_aged_3_qualifies():  # any relation counts
    assert check(household({}, {"relation": "niece or nephew", "age": 3}))


def test_household_of_adults_fails():  # no relevant member
    assert not check(household({"age": 35}, {"relation": "spouse", "age": 36}))
