import pytest

from checkers.family_type_homes_for_adults import check
from eligibench.household import household


def adult(**changes):
    return {"age": 45, "can_care_for_self": False, "disabled": True} | changes


def test_physically_disabled_adult_needing_care_qualifies():  # all clauses
    assert check(household(adult()))


def test_exactly_18_qualifies():  # clause: 18 or older (edge)
    assert check(household(adult(age=18)))


def test_age_17_does_not_qualify():  # clause: 18 or older (just below)
    assert not check(household(adult(age=17)))


def test_age_19_qualifies():  # clause: 18 or older (just above)
    assert check(household(adult(age=19)))


def test_can_live_independently_does_not_qualify():  # clause: cannot live independently
    assert not check(household(adult(can_care_for_self=True)))


def test_needs_care_without_listed_condition_qualifies():  # clause: causes are examples ("may be due to")
    assert check(household(adult(disabled=False)))


def test_can_care_for_self_with_condition_does_not_qualify():  # clause: unable to live independently
    assert not check(household(adult(can_care_for_self=True, mental_health_condition=True, developmental_mental_day_treatment=True)))


def test_no_listed_condition_still_needs_exclusions_checked():  # exclusions apply without a listed condition
    assert not check(household(adult(disabled=False, bedridden=True)))


def test_mental_illness_with_day_treatment_qualifies():  # clause: mental illness -> day treatment (met)
    assert check(household(adult(disabled=False, mental_health_condition=True, developmental_mental_day_treatment=True)))


def test_mental_illness_without_day_treatment_does_not_qualify():  # clause: mental illness -> day treatment (not met)
    assert not check(household(adult(disabled=False, mental_health_condition=True)))


def test_developmental_disability_with_day_treatment_qualifies():  # clause: developmental disability -> day treatment (met)
    assert check(household(adult(disabled=False, developmental_condition=True, developmental_mental_day_treatment=True)))


def test_developmental_disability_without_day_treatment_does_not_qualify():  # clause: day treatment (not met)
    assert not check(household(adult(disabled=False, developmental_condition=True)))


def test_physical_disability_needs_no_day_treatment():  # clause: day treatment only for developmental/mental illness
    assert check(household(adult(developmental_mental_day_treatment=False)))


def test_sober_exactly_5_years_qualifies():  # clause: substance abuse history, 5 years sober (edge)
    assert check(household(adult(years_sober=5)))


def test_sober_4_years_does_not_qualify():  # clause: 5 years sober (just below)
    assert not check(household(adult(years_sober=4)))


def test_sober_6_years_qualifies():  # clause: 5 years sober (just above)
    assert check(household(adult(years_sober=6)))


def test_currently_using_does_not_qualify():  # clause: 5 years sober (0 years)
    assert not check(household(adult(years_sober=0)))


@pytest.mark.parametrize(
    "feature",
    ["wheelchair", "bedridden", "medication_treatment_non_compliance", "arson", "verbal_abuse", "imprisonment"],
)
def test_each_exclusion_disqualifies(feature):  # clauses: each "does not qualify" item
    assert not check(household(adult(**{feature: True})))


def test_qualifies_through_adult_child():  # individual scope: non-self member
    assert check(household({"age": 70}, adult(relation="child", age=40)))


def test_household_with_no_relevant_member_does_not_qualify():  # no relevant member
    assert not check(household({"age": 70}, {"relation": "spouse", "age": 68, "disabled": True}))


def test_in_substance_abuse_treatment_is_a_history_without_five_sober_years():  # exclusion: substance abuse (second reading 2024-a, decided)
    reader = {"age": 45, "can_care_for_self": False, "receiving_treatment_for_substance_abuse": True}
    assert not check(household(reader))
    assert check(household(dict(reader, receiving_treatment_for_substance_abuse=False)))  # the twin: no history
    assert check(household(dict(reader, years_sober=5)))  # in treatment (aftercare) with five sober years
    assert not check(household(dict(reader, years_sober=4)))
