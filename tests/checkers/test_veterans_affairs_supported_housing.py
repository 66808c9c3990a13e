import pytest

from checkers.veterans_affairs_supported_housing import check
from eligibench.household import household


@pytest.mark.parametrize("housing", ["homeless", "DHS shelter", "HRA shelter", "temporary housing"])
def test_va_eligible_and_homeless_qualifies(housing):  # clauses: VA health care + homeless (each kind)
    assert check(household({"va_healthcare": True, "housing_type": housing}))


def test_not_va_eligible_fails():  # clause: eligible for VA health care
    assert not check(household({"va_healthcare": False, "housing_type": "homeless"}))


def test_housed_fails():  # clause: homeless
    assert not check(household({"va_healthcare": True, "housing_type": "rent stabilized apartment"}))


def test_nycha_housing_is_not_homeless():  # clause: homeless
    assert not check(household({"va_healthcare": True, "housing_type": "NYCHA development"}))


def test_qualifies_through_spouse():  # individual scope: a non-self member
    hh = household({"housing_type": "homeless"}, {"relation": "spouse", "va_healthcare": True, "housing_type": "homeless"})
    assert check(hh)


def test_conditions_split_across_members_fails():  # both conditions must hold for one member
    hh = household({"va_healthcare": True, "housing_type": "condo"}, {"relation": "spouse", "housing_type": "homeless"})
    assert not check(hh)
