from checkers.nyc_care import check
from eligibench.household import household


def test_nyc_resident_who_qualifies_for_no_plan_qualifies():  # all clauses met
    assert check(household({"qualify_for_health_insurance": False}))


def test_qualifies_for_a_plan_does_not_qualify():  # clause: qualifies for no NYS plan
    assert not check(household({"qualify_for_health_insurance": True}))


def test_outside_nyc_does_not_qualify():  # clause: lives in NYC
    assert not check(household({"place_of_residence": "Jersey", "qualify_for_health_insurance": False}))


def test_qualifies_through_spouse():  # individual scope: non-self member
    hh = household({"qualify_for_health_insurance": True}, {"relation": "spouse", "qualify_for_health_insurance": False})
    assert check(hh)


def test_household_where_everyone_qualifies_for_a_plan_does_not_qualify():  # no relevant member
    hh = household({"qualify_for_health_insurance": True}, {"relation": "child", "age": 4, "qualify_for_health_insurance": True})
    assert not check(hh)


def test_medicaid_is_a_new_york_state_plan():  # issue 30 decided reading: receiving or qualifying for Medicaid is qualifying for a plan
    base = {"place_of_residence": "New York City", "qualify_for_health_insurance": False}
    for flag in ("receives_medicaid", "receives_disability_medicaid", "eligible_for_medicaid"):
        assert not check(household(base | {flag: True}))
    assert check(household(base))
