import pytest

from checkers.children_and_youth_with_special_health_care_needs import check
from eligibench.household import household

ADULT = {"age": 45}


def kid(**changes):
    return {"relation": "child", "age": 10, "chronic_health_condition": True, **changes}


def test_child_with_chronic_condition_qualifies():  # clause: chronic health condition
    assert check(household(ADULT, kid()))


def test_child_with_no_condition_does_not_qualify():  # clause: has a condition
    assert not check(household(ADULT, kid(chronic_health_condition=False)))


def test_mental_health_condition_qualifies():  # clause: serious mental health condition
    assert check(household(ADULT, kid(chronic_health_condition=False, mental_health_condition=True)))


def test_disability_qualifies():  # clause: disability
    assert check(household(ADULT, kid(chronic_health_condition=False, disabled=True)))


def test_developmental_condition_qualifies():  # clause: developmental condition
    assert check(household(ADULT, kid(chronic_health_condition=False, developmental_condition=True)))


def test_emotional_behavioral_condition_qualifies():  # clause: emotional or behavioral condition
    assert check(household(ADULT, kid(chronic_health_condition=False, emotional_behavioral_condition=True)))


def test_age_21_qualifies():  # clause: 21 or younger (exactly at)
    assert check(household(ADULT, kid(age=21)))


def test_age_20_qualifies():  # clause: 21 or younger (just below)
    assert check(household(ADULT, kid(age=20)))


def test_age_22_does_not_qualify():  # clause: 21 or younger (just above)
    assert not check(household(ADULT, kid(age=22)))


def test_outside_nyc_does_not_qualify():  # clause: lives in NYC
    assert not check(household(ADULT, kid(place_of_residence="Jersey")))


def test_self_aged_19_with_disability_qualifies():  # any member in range, whatever the relation
    assert check(household({"age": 19, "disabled": True}))


def test_adult_with_condition_only_does_not_qualify():  # no relevant member
    assert not check(household({"age": 45, "chronic_health_condition": True}, kid(chronic_health_condition=False)))


@pytest.mark.parametrize("flag", ["blind", "deaf_or_hearing_loss"])
def test_blindness_and_deafness_are_physical_disabilities(flag):  # clause: physical disability (issue 30)
    assert not check(household(ADULT, kid(chronic_health_condition=False)))
    assert check(household(ADULT, kid(chronic_health_condition=False, **{flag: True})))
