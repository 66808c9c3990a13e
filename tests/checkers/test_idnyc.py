from checkers.idnyc import check
from eligibench.household import household


def test_lives_in_nyc_and_age_10_exactly_qualifies():  # clause: age 10 and older (edge: exactly 10)
    assert check(household({"age": 10}))


def test_age_9_does_not_qualify():  # clause: age 10 and older (just below)
    assert not check(household({"age": 9}))


def test_age_11_qualifies():  # clause: age 10 and older (just above)
    assert check(household({"age": 11}))


def test_living_outside_nyc_does_not_qualify():  # clause: lives in NYC
    assert not check(household({"age": 40, "place_of_residence": "Jersey"}))


def test_qualifies_through_a_child_member():  # individual scope: any member
    hh = household({"age": 40, "place_of_residence": "Jersey"}, {"relation": "child", "age": 12})
    assert check(hh)
