import pytest

from checkers.access_a_ride_paratransit_service import check
from eligibench.household import household


def rider(**changes):
    return {"can_access_subway_or_bus": False, "disabled": True} | changes


def test_disabled_person_unable_to_use_transit_qualifies():  # both clauses (cause: disability)
    assert check(household(rider()))


def test_disabled_person_able_to_use_transit_does_not_qualify():  # clause: cannot use accessible buses/subways
    assert not check(household(rider(can_access_subway_or_bus=True)))


def test_unable_to_use_transit_without_a_cause_does_not_qualify():  # clause: because of disability/surgery/condition
    assert not check(household(rider(disabled=False)))


def test_recovering_from_surgery_qualifies():  # clause: cause recovering from surgery
    assert check(household(rider(disabled=False, recovering_from_surgery=True)))


def test_long_term_condition_qualifies():  # clause: cause long-term condition
    assert check(household(rider(disabled=False, chronic_health_condition=True)))


def test_visitor_from_outside_nyc_qualifies():  # clause: living in NYC not required
    assert check(household(rider(place_of_residence="Jersey")))


def test_qualifies_through_spouse():  # individual scope: non-self member
    assert check(household({}, rider(relation="spouse", age=75)))


def test_household_with_no_relevant_member_does_not_qualify():  # no relevant member
    assert not check(household({"disabled": True}, {"relation": "child", "age": 5}))


@pytest.mark.parametrize("condition", ["developmental_condition", "emotional_behavioral_condition", "mental_health_condition"])
def test_serious_mental_or_developmental_condition_is_a_cause(condition):  # clause: cause (ADA covers psychiatric)
    assert check(household(rider(disabled=False, **{condition: True})))


def test_serious_condition_but_can_use_transit_does_not_qualify():  # clause: cannot use transit
    assert not check(household(rider(disabled=False, can_access_subway_or_bus=True, mental_health_condition=True)))


def test_no_cause_does_not_qualify():  # clause: cause (none)
    assert not check(household(rider(disabled=False)))


@pytest.mark.parametrize("flag", ["blind", "deaf_or_hearing_loss", "developmental_condition"])
def test_every_kind_of_disability_is_a_cause(flag):  # clause: because of a disability (issue 30)
    assert check(household(rider(disabled=False, **{flag: True})))


@pytest.mark.parametrize("flag", ["wheelchair", "bedridden"])
def test_wheelchair_or_bedridden_is_an_ambulatory_disability(flag):  # clause: cause (second reading 2024-a, decided)
    reader = {"age": 70, "can_access_subway_or_bus": False, flag: True}
    assert check(household(reader))
    assert not check(household(dict(reader, **{flag: False})))  # the twin: no cause
    assert not check(household(dict(reader, can_access_subway_or_bus=True)))  # can use transit
