from checkers.homebase import check
from eligibench.household.model import household


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
