from checkers.outpatient_treatment_services import check
from eligibench.household import household

ADULT = {"age": 40}


def test_child_with_emotional_behavioral_condition_qualifies():  # clause: emotional or behavioral challenge
    assert check(household(ADULT, {"relation": "child", "age": 10, "emotional_behavioral_condition": True}))


def test_child_with_mental_health_condition_qualifies():  # clause: mental health challenge
    assert check(household(ADULT, {"relation": "child", "age": 10, "mental_health_condition": True}))


def test_child_without_a_challenge_does_not_qualify():  # clause: has a challenge
    assert not check(household(ADULT, {"relation": "child", "age": 10, "chronic_health_condition": True}))


def test_age_18_qualifies():  # clause: 18 or younger (exactly at)
    assert check(household(ADULT, {"relation": "child", "age": 18, "mental_health_condition": True}))


def test_age_17_qualifies():  # clause: 18 or younger (just below)
    assert check(household(ADULT, {"relation": "child", "age": 17, "mental_health_condition": True}))


def test_age_19_does_not_qualify():  # clause: 18 or younger (just above)
    assert not check(household(ADULT, {"relation": "child", "age": 19, "mental_health_condition": True}))


def test_baby_qualifies():  # clause: from birth
    assert check(household(ADULT, {"relation": "child", "age": 0, "emotional_behavioral_condition": True}))


def test_self_aged_16_qualifies():  # any member in range, whatever the relation
    assert check(household({"age": 16, "emotional_behavioral_condition": True}))


def test_adult_with_condition_does_not_qualify():  # no relevant member
    assert not check(household({"age": 40, "mental_health_condition": True}, {"relation": "child", "age": 8}))
