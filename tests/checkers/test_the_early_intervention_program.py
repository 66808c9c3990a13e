from checkers.the_early_intervention_program import check
from eligibench.household import household

ADULT = {"age": 32}


def test_child_aged_3_qualifies():  # clause: 3 or younger (exactly at)
    assert check(household(ADULT, {"relation": "child", "age": 3}))


def test_child_aged_2_qualifies():  # clause: 3 or younger (just below)
    assert check(household(ADULT, {"relation": "child", "age": 2}))


def test_child_aged_4_does_not_qualify():  # clause: 3 or younger (just above)
    assert not check(household(ADULT, {"relation": "child", "age": 4}))


def test_baby_aged_0_qualifies():  # clause: 3 or younger
    assert check(household(ADULT, {"relation": "foster child", "age": 0}))


def test_child_outside_nyc_does_not_qualify():  # clause: lives in NYC
    assert not check(household(ADULT, {"relation": "child", "age": 1, "place_of_residence": "Jersey"}))


def test_grandchild_qualifies():  # any member in range, whatever the relation
    assert check(household({"age": 60}, {"relation": "grandchild", "age": 2}))


def test_household_without_young_children_does_not_qualify():  # no relevant member
    assert not check(household(ADULT, {"relation": "spouse"}, {"relation": "child", "age": 8}))
