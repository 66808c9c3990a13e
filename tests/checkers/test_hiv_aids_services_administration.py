from checkers.hiv_aids_services_administration import check
from eligibench.household import household


def test_diagnosed_person_qualifies():  # clause: diagnosed with HIV or AIDS
    assert check(household({"hiv_aids": True}))


def test_undiagnosed_person_does_not_qualify():  # clause: diagnosed with HIV or AIDS
    assert not check(household({"hiv_aids": False}))


def test_qualifies_through_child():  # individual scope: non-self member
    assert check(household({}, {"relation": "child", "age": 14, "hiv_aids": True}))


def test_diagnosed_person_outside_nyc_qualifies():  # no residence condition in the source
    assert check(household({"hiv_aids": True, "place_of_residence": "Jersey"}))


def test_household_with_no_diagnosed_member_does_not_qualify():  # no relevant member
    assert not check(household({}, {"relation": "spouse", "chronic_health_condition": True}))
