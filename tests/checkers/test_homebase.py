from checkers.homebase import check
from eligibench.household import household


def test_nyc_resident_at_risk_qualifies():  # clauses: lives in NYC + at risk of shelter
    assert check(household({"at_risk_of_homelessness": True}))


def test_not_at_risk_fails():  # clause: at risk of entering shelter
    assert not check(household({"at_risk_of_homelessness": False}))


def test_outside_nyc_fails():  # clause: lives in NYC
    assert not check(household({"at_risk_of_homelessness": True, "place_of_residence": "Jersey"}))


def test_qualifies_through_sibling():  # individual scope: non-self member
    hh = household({"place_of_residence": "Jersey"}, {"relation": "sibling", "at_risk_of_homelessness": True})
    assert check(hh)


def test_conditions_split_across_members_fails():  # both conditions for the same member
    hh = household({"place_of_residence": "Jersey", "at_risk_of_homelessness": True}, {"relation": "sibling"})
    assert not check(hh)


def test_tenant_being_evicted_may_soon_enter_shelter():  # clause: at risk of entering shelter (second reading 2024-a, decided)
    reader = {"age": 40, "currently_being_evicted": True, "monthly_rent_spending": 1500, "name_is_on_lease": True}
    assert check(household(reader))
    assert not check(household(dict(reader, currently_being_evicted=False)))  # the twin
    assert not check(household(dict(reader, place_of_residence="Jersey")))  # still only in NYC
