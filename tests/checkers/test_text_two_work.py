from checkers.text_two_work import check
from eligibench.household.model import household


def test_hra_client_qualifies():  # clause: HRA client (HRA benefits)
    assert check(household({"receives_hra": True}))


def test_cash_assistance_qualifies():  # clause: HRA client (cash assistance)
    assert check(household({"receives_cash_assistance": True}))


def test_temporary_assistance_qualifies():  # clause: HRA client (Temporary Assistance)
    assert check(household({"receives_temporary_assistance": True}))


def test_snap_qualifies():  # clause: HRA client (SNAP)
    assert check(household({"receives_snap": True}))


def test_no_hra_assistance_does_not_qualify():  # clause: HRA client
    assert not check(household({"receives_ssi": True}))


def test_hra_client_outside_nyc_does_not_qualify():  # clause: NYC resident
    assert not check(household({"receives_snap": True, "place_of_residence": "Jersey"}))


def test_qualifies_through_a_spouse():  # individual scope: through a non-self member
    assert check(household({"age": 40}, {"relation": "spouse", "age": 39, "receives_hra": True}))


def test_household_with_no_hra_client_does_not_qualify():  # no relevant member
    assert not check(household({"age": 40}, {"relation": "child", "age": 7}))
