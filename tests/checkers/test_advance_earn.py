from checkers.advance_earn import check
from eligibench.household import household

BASE = {"age": 19, "high_school_equivalent": "no high school diploma equivalent"}


def youth(**changes):
    return {**BASE, **changes}


def test_out_of_school_youth_without_diploma_qualifies():  # all clauses met
    assert check(household(youth()))


def test_age_16_qualifies():  # clause: age 16 to 24 (edge: exactly 16)
    assert check(household(youth(age=16)))


def test_age_15_does_not_qualify():  # clause: age 16 to 24 (just below)
    assert not check(household(youth(age=15)))


def test_age_24_qualifies():  # clause: age 16 to 24 (edge: exactly 24)
    assert check(household(youth(age=24)))


def test_age_25_does_not_qualify():  # clause: age 16 to 24 (just above)
    assert not check(household(youth(age=25)))


def test_living_outside_nyc_does_not_qualify():  # clause: lives in NYC
    assert not check(household(youth(place_of_residence="Jersey")))


def test_attending_high_school_does_not_qualify():  # clause: not attending school
    assert not check(household(youth(current_school_level=11)))


def test_high_school_diploma_does_not_qualify():  # clause: no diploma
    assert not check(household(youth(high_school_equivalent="high school diploma")))


def test_ged_does_not_qualify():  # clause: no equivalency diploma
    assert not check(household(youth(high_school_equivalent="GED")))


def test_working_does_not_qualify():  # clause: not working
    assert not check(household(youth(work_hours_per_week=10, works_outside_home=True)))


def test_not_authorized_to_work_does_not_qualify():  # clause: authorized to work in NYC
    assert not check(household(youth(work_authorization=False)))


def test_qualifies_through_a_child_member():  # individual scope: through a child
    hh = household({"age": 45, "work_hours_per_week": 40}, youth(relation="child", age=17))
    assert check(hh)


def test_household_with_no_young_adult_does_not_qualify():  # no relevant member
    hh = household({"age": 45, "high_school_equivalent": "no high school diploma equivalent"},
                   {"relation": "child", "age": 10, "current_school_level": 5})
    assert not check(hh)
