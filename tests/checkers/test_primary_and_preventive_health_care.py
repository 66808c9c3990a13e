from checkers.primary_and_preventive_health_care import check
from eligibench.household import household

ADULT = {"age": 45}


def test_newborn_in_nyc_qualifies():  # clause: youth 21 or younger (no lower age; issue 19)
    assert check(household(ADULT, {"relation": "child", "age": 0}))


def test_four_year_old_in_nyc_qualifies():  # clause: youth 21 or younger (no lower age; issue 19)
    assert check(household(ADULT, {"relation": "child", "age": 4}))


def test_newborn_outside_nyc_does_not_qualify():  # clause: lives in NYC
    assert not check(household(ADULT, {"relation": "child", "age": 0, "place_of_residence": "Jersey"}))


def test_youth_aged_21_qualifies():  # clause: youth 21 or younger (exactly at upper edge)
    assert check(household({"age": 21}))


def test_youth_aged_20_qualifies():  # clause: youth 21 or younger (just below upper edge)
    assert check(household({"age": 20}))


def test_adult_aged_22_does_not_qualify():  # clause: youth 21 or younger (just above upper edge)
    assert not check(household({"age": 22}))


def test_youth_outside_nyc_does_not_qualify():  # clause: lives in NYC
    assert not check(household(ADULT, {"relation": "child", "age": 15, "place_of_residence": "Jersey"}))


def test_undocumented_youth_without_income_qualifies():  # immigration status and ability to pay do not matter
    assert check(household(ADULT, {"relation": "niece or nephew", "age": 16, "citizenship": "unlawful_resident"}))


def test_household_of_adults_only_does_not_qualify():  # no relevant member
    assert not check(household(ADULT, {"relation": "spouse", "age": 40}))
