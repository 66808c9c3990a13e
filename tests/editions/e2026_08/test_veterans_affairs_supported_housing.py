import pytest

from checkers.editions.e2026_08.veterans_affairs_supported_housing import check
from checkers.veterans_affairs_supported_housing import check as check_2024
from eligibench.household import household

VETERAN = {"age": 45, "honorable_service": True, "housing_type": "homeless"}


@pytest.mark.parametrize("housing", ["homeless", "DHS shelter", "HRA shelter", "temporary housing"])
def test_honorably_discharged_homeless_veteran_qualifies(housing):  # clauses: service + homeless (each kind)
    assert check(household(dict(VETERAN, housing_type=housing)))


def test_va_health_care_eligibility_shows_service():  # clause 1: VA health care eligibility shows qualifying service
    assert check(household(dict(VETERAN, honorable_service=False, va_healthcare=True)))


def test_no_service_shown_fails():  # clause 1: neither honorable discharge nor VA health care
    assert not check(household(dict(VETERAN, honorable_service=False)))


def test_conflict_service_alone_does_not_show_the_discharge():  # gap: discharge unknown without DD-214 or VA eligibility
    assert not check(household(dict(VETERAN, honorable_service=False, conflict_veteran=True)))


def test_housed_veteran_fails():  # implied: homeless
    assert not check(household(dict(VETERAN, housing_type="rent stabilized apartment")))
    assert not check(household(dict(VETERAN, housing_type="NYCHA development")))


def test_va_health_care_no_longer_required_verdict_flips():  # clause 1: 2024 required VA health care eligibility
    hh = household(VETERAN)
    assert not check_2024(hh)
    assert check(hh)


def test_qualifies_through_spouse():  # individual scope: a non-self member
    assert check(household({"housing_type": "homeless"}, dict(VETERAN, relation="spouse")))


def test_conditions_split_across_members_fails():  # both conditions must hold for one member
    hh = household(dict(VETERAN, housing_type="condo"), {"relation": "spouse", "housing_type": "homeless"})
    assert not check(hh)


def test_va_disability_pay_shows_service():  # clause 1, decided in the second reading 2026-08 (reader-C's household)
    veteran = {"age": 50, "disabled": True, "housing_type": "DHS shelter", "conflict_veteran": True}
    assert check(household(dict(veteran, receives_va_disability=True)))
    assert not check(household(veteran))  # the twin without VA disability pay shows no discharge
