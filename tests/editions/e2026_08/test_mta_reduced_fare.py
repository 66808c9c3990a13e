import pytest

from checkers.editions.e2026_08.mta_reduced_fare import check
from eligibench.household import household


def test_age_65_edge():  # clause: 65 or older
    assert check(household({"age": 65}))
    assert not check(household({"age": 64}))


def test_medicare_under_65_qualifies():  # clause: Medicare for a reason other than age
    assert check(household({"age": 50, "receives_medicare": True, "disabled": False, "receives_ssdi": True}))


def test_serious_mental_illness_needs_ssi():  # clause: serious mental illness AND SSI
    assert check(household({"age": 40, "mental_health_condition": True, "receives_ssi": True}))
    assert not check(household({"age": 40, "mental_health_condition": True}))
    assert not check(household({"age": 40, "receives_ssi": True}))


@pytest.mark.parametrize("flag", ["blind", "deaf_or_hearing_loss", "disabled", "wheelchair", "bedridden"])
def test_each_disability_kind(flag):  # clauses: blindness, deafness/hearing loss, ambulatory/other disability
    assert check(household({"age": 30}, {"relation": "child", "age": 10, flag: True}))


def test_nothing_listed_fails():
    assert not check(household({"age": 30}, {"relation": "child", "age": 10, "chronic_health_condition": True}))
