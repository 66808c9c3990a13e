from checkers.nyc_youth_health import check
from eligibench.household import household

ADULT = {"age": 45}


def test_youth_aged_12_qualifies():  # clause: youth 12 to 21 (exactly at lower edge)
    assert check(household(ADULT, {"relation": "child", "age": 12}))


def test_child_aged_11_does_not_qualify():  # clause: youth 12 to 21 (just below lower edge)
    assert not check(household(ADULT, {"relation": "child", "age": 11}))


def test_youth_aged_21_qualifies():  # clause: youth 12 to 21 (exactly at upper edge)
    assert check(household({"age": 21}))


def test_youth_aged_20_qualifies():  # clause: youth 12 to 21 (just below upper edge)
    assert check(household({"age": 20}))


def test_adult_aged_22_does_not_qualify():  # clause: youth 12 to 21 (just above upper edge)
    assert not check(household({"age": 22}))


def test_youth_outside_nyc_does_not_qualify():  # clause: lives in NYC
    assert not check(household(ADULT, {"relation": "child", "age": 15, "place_of_residence": "Jersey"}))


def test_undocumented_youth_without_income_qualifies():  # immigration status and ability to pay do not matter
    assert check(household(ADULT, {"relation": "niece or nephew", "age": 16, "citizenship": "unlawful_resident"}))


def test_household_of_adults_and_young_children_does_not_qualify():  # no relevant member
    assert not check(household(ADULT, {"relation": "spouse", "age": 40}, {"relation": "child", "age": 5}))
