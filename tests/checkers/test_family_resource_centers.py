from checkers.family_resource_centers import check
from eligibench.household import household


def kid(**changes):
    return {"relation": "child", "age": 12, "emotional_behavioral_condition": True} | changes


def test_parent_of_child_with_behavioral_challenges_qualifies():  # all clauses
    assert check(household({}, kid()))


def test_mental_health_condition_counts():  # clause: mental health challenges
    assert check(household({}, kid(emotional_behavioral_condition=False, mental_health_condition=True)))


def test_child_without_challenges_does_not_qualify():  # clause: has challenges
    assert not check(household({}, kid(emotional_behavioral_condition=False)))


def test_child_aged_24_qualifies():  # clause: 0 to 24 (edge)
    assert check(household({}, kid(age=24)))


def test_child_aged_23_qualifies():  # clause: 0 to 24 (just below)
    assert check(household({}, kid(age=23)))


def test_child_aged_25_does_not_qualify():  # clause: 0 to 24 (just above)
    assert not check(household({}, kid(age=25)))


def test_infant_qualifies():  # clause: 0 to 24 (age 0)
    assert check(household({}, kid(age=0)))


def test_caregiver_of_grandchild_responsible_day_to_day_qualifies():  # clause: caregiver
    assert check(household({"responsible_for_day_to_day": True, "age": 60}, kid(relation="grandchild")))


def test_grandparent_not_responsible_does_not_qualify():  # clause: caregiver needs day-to-day responsibility
    assert not check(household({"age": 60}, kid(relation="grandchild")))


def test_spouse_with_condition_does_not_count():  # clause: parent or caregiver of a child (relation)
    assert not check(household({"responsible_for_day_to_day": True}, kid(relation="spouse", age=24)))


def test_answering_person_alone_does_not_qualify():  # no relevant member
    assert not check(household({"age": 20, "emotional_behavioral_condition": True}))
