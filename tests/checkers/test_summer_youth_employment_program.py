from checkers.summer_youth_employment_program import check
from eligibench.household import household


def test_age_14_qualifies():  # clause: age 14 to 24 (edge: exactly 14)
    assert check(household({"age": 14}))


def test_age_13_does_not_qualify():  # clause: age 14 to 24 (just below)
    assert not check(household({"age": 13}))


def test_age_15_qualifies():  # clause: age 14 to 24 (just above lower edge)
    assert check(household({"age": 15}))


def test_age_24_qualifies():  # clause: age 14 to 24 (edge: exactly 24)
    assert check(household({"age": 24}))


def test_age_25_does_not_qualify():  # clause: age 14 to 24 (just above)
    assert not check(household({"age": 25}))


def test_living_outside_nyc_does_not_qualify():  # clause: lives in NYC
    assert not check(household({"age": 18, "place_of_residence": "Jersey"}))


def test_qualifies_through_a_child_member():  # individual scope: through a child
    assert check(household({"age": 45}, {"relation": "child", "age": 16}))


def test_child_living_outside_nyc_does_not_qualify():  # clause: lives in NYC (non-self member)
    assert not check(household({"age": 45}, {"relation": "child", "age": 16, "place_of_residence": "Jersey"}))


def test_household_with_no_young_person_does_not_qualify():  # no relevant member
    assert not check(household({"age": 45}, {"relation": "spouse", "age": 44}, {"relation": "child", "age": 9}))
