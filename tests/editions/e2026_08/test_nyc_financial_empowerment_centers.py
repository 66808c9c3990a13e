import itertools

from checkers import registry
from checkers.editions.e2026_08.nyc_financial_empowerment_centers import check
from eligibench.household import household


def test_age_18_edge():  # clause: at least 18 (edge)
    assert check(household({"age": 18, "place_of_residence": "New York City"}))
    assert not check(household({"age": 17, "place_of_residence": "New York City"}))


def test_outside_nyc_fails_but_nyc_only_housing_counts():  # clause: lives in NYC
    assert not check(household({"age": 40, "place_of_residence": "Jersey"}))
    assert check(household({"age": 40, "place_of_residence": "Jersey", "housing_type": "NYCHA development"}))


def test_any_adult_member_counts_and_income_is_not_tested():  # individual scope; no income condition
    assert check(household({"age": 15, "place_of_residence": "Jersey"},
                           {"relation": "sibling", "age": 30, "annual_work_income": 500000}))


def test_the_rule_did_not_move_from_2024():  # the 2026 text only dropped "income and immigration status do not matter"
    old = registry()["NYCFinancialEmpowermentCenters"].check
    for age, place, citizenship in itertools.product((17, 18, 19, 64), ("New York City", "Jersey"),
                                                     ("citizen_or_national", "unlawful_resident")):
        hh = household({"age": age, "place_of_residence": place, "citizenship": citizenship})
        assert check(hh) == old(hh)
