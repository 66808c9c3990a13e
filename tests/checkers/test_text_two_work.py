from checkers.text_two_work import check
from eligibench.household import household

OUTSIDE = {"place_of_residence": "Jersey"}


def test_nyc_resident_without_benefits_qualifies():  # clause: NYC residents (either group)
    assert check(household({"receives_ssi": False}))


def test_hra_client_in_nyc_qualifies():  # clause: HRA clients
    assert check(household({"receives_snap": True}))


def test_hra_client_outside_nyc_qualifies():  # clause: HRA clients, wherever they live (issue 19)
    assert check(household(dict(OUTSIDE, receives_hra=True)))


def test_snap_or_cash_assistance_outside_nyc_does_not_qualify():  # clause: HRA clients (not SNAP elsewhere)
    assert not check(household(dict(OUTSIDE, receives_snap=True, receives_cash_assistance=True)))


def test_resident_outside_nyc_does_not_qualify():  # clause: NYC residents (no one in NYC)
    assert not check(household(OUTSIDE, dict(OUTSIDE, relation="spouse")))


def test_shelter_resident_lives_in_nyc():  # reading: a DHS/HRA shelter or NYCHA is in NYC
    for housing in ("DHS shelter", "HRA shelter", "NYCHA development"):
        assert check(household(dict(OUTSIDE, housing_type=housing)))
    assert not check(household(dict(OUTSIDE, housing_type="homeless")))


def test_qualifies_through_a_spouse():  # individual scope: through a non-self member
    assert check(household(OUTSIDE, {"relation": "spouse", "age": 39}))
