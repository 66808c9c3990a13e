from checkers.nyc_financial_empowerment_centers import check
from eligibench.household import household


def test_adult_living_in_nyc_qualifies():  # both clauses
    assert check(household({"age": 40}))


def test_age_exactly_18_qualifies():  # clause: 18 or older (edge)
    assert check(household({"age": 18}))


def test_age_17_does_not_qualify():  # clause: 18 or older (just below)
    assert not check(household({"age": 17}))


def test_living_outside_nyc_does_not_qualify():  # clause: lives in NYC
    assert not check(household({"age": 40, "place_of_residence": "Jersey"}))


def test_income_and_immigration_status_do_not_matter():  # no income or status test
    assert check(household({"age": 40, "annual_work_income": 500000, "citizenship": "unlawful_resident"}))


def test_qualifies_through_adult_sibling():  # eligibility through a non-self member
    assert check(household({"age": 17, "place_of_residence": "Jersey"}, {"relation": "sibling", "age": 19}))


def test_household_of_minors_does_not_qualify():  # no relevant member
    assert not check(household({"age": 17}, {"relation": "sibling", "age": 12}))
