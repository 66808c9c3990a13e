from checkers.workforceone_career_centers import check
from eligibench.household import household


def test_adult_authorized_new_yorker_qualifies():  # all clauses met
    assert check(household({"age": 40}))


def test_age_18_qualifies():  # clause: 18 or older (edge: exactly 18)
    assert check(household({"age": 18}))


def test_age_17_does_not_qualify():  # clause: 18 or older (just below)
    assert not check(household({"age": 17}))


def test_age_19_qualifies():  # clause: 18 or older (just above)
    assert check(household({"age": 19}))


def test_living_outside_nyc_does_not_qualify():  # clause: lives in NYC
    assert not check(household({"age": 40, "place_of_residence": "Jersey"}))


def test_not_authorized_to_work_does_not_qualify():  # clause: authorized to work in the US
    assert not check(household({"age": 40, "authorized_to_work_in_us": False}))


def test_qualifies_through_a_child_member():  # individual scope: through an adult child
    hh = household({"age": 60, "authorized_to_work_in_us": False}, {"relation": "child", "age": 22})
    assert check(hh)


def test_household_with_no_adult_authorized_member_does_not_qualify():  # no relevant member
    hh = household({"age": 35, "authorized_to_work_in_us": False}, {"relation": "child", "age": 10})
    assert not check(hh)
