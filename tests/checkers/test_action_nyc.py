import pytest

from checkers.action_nyc import check
from eligibench.household import household


def test_new_yorker_qualifies():  # clause: lives in NYC
    assert check(household({}))


def test_non_resident_does_not_qualify():  # clause: lives in NYC
    assert not check(household({"place_of_residence": "Jersey"}))


@pytest.mark.parametrize("status", ["citizen_or_national", "lawful_resident", "unlawful_resident"])
def test_immigration_status_does_not_matter(status):  # clause: any immigration status
    assert check(household({"citizenship": status}))


def test_qualifies_through_spouse_living_in_nyc():  # individual scope: non-self member
    assert check(household({"place_of_residence": "Jersey"}, {"relation": "spouse"}))


def test_household_all_outside_nyc_does_not_qualify():  # no relevant member
    hh = household({"place_of_residence": "Jersey"}, {"relation": "child", "age": 4, "place_of_residence": "Jersey"})
    assert not check(hh)
