from checkers import registry
from checkers.editions.e2026_08.text_two_work import check
from eligibench.household import household

OLD = registry()["TextTwoWork"].check


def test_an_nyc_resident_qualifies_without_any_benefit():  # clause: all NYC residents
    assert check(household({"place_of_residence": "New York City"}))


def test_nyc_only_housing_counts_and_any_member_counts():  # clause: NYC residence; individual scope
    assert check(household({"place_of_residence": "Jersey", "housing_type": "HRA shelter"}))
    assert check(household({"place_of_residence": "Jersey"}, {"relation": "sibling", "place_of_residence": "New York City"}))


def test_outside_nyc_fails():  # clause: NYC residence
    assert not check(household({"place_of_residence": "Jersey"}))


def test_hra_clients_outside_nyc_no_longer_qualify():  # the rule moved: the "HRA clients" group was dropped
    hh = household({"place_of_residence": "Jersey", "receives_hra": True})
    assert OLD(hh) and not check(hh)  # 2024: eligible; 2026-08: ineligible
