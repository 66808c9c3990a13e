from checkers.summer_meals import check
from eligibench.household import household


def test_age_18_qualifies():  # clause: 18 or younger (at)
    assert check(household({"age": 18}))


def test_age_17_qualifies():  # clause: 18 or younger (just below)
    assert check(household({"age": 17}))


def test_age_19_fails():  # clause: 18 or younger (just above)
    assert not check(household({"age": 19}))


def test_qualifies_through_child():  # individual scope: through a non-self member
    assert check(household({"age": 45}, {"relation": "child", "age": 10}))


def test_household_of_adults_fails():  # no relevant member
    assert not check(household({"age": 45}, {"relation": "spouse", "age": 44}))
