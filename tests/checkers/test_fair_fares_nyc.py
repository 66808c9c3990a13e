from checkers.fair_fares_nyc import check
from eligibench.household import household


def test_single_adult_at_income_limit_qualifies():  # clause: income table size 1 (edge: exactly at)
    assert check(household({"age": 30, "annual_work_income": 18072}))


def test_single_adult_just_below_limit_qualifies():  # clause: income table size 1 (just below)
    assert check(household({"age": 30, "annual_work_income": 18071}))


def test_single_adult_just_above_limit_does_not_qualify():  # clause: income table size 1 (just above)
    assert not check(household({"age": 30, "annual_work_income": 18073}))


def test_investment_income_counts():  # clause: household income includes investments
    assert not check(household({"age": 30, "annual_work_income": 18000, "annual_investment_income": 73}))


def test_six_person_household_at_limit_qualifies():  # clause: income table, largest possible household (size 6)
    others = [{"relation": "child", "age": 5}] * 5
    assert check(household({"age": 40, "annual_work_income": 50352}, *others))


def test_six_person_household_above_limit_does_not_qualify():  # clause: income table size 6 (just above)
    others = [{"relation": "child", "age": 5}] * 5
    assert not check(household({"age": 40, "annual_work_income": 50353}, *others))


def test_income_summed_over_members():  # clause: household income, size 2
    hh = household({"age": 40, "annual_work_income": 12000}, {"relation": "spouse", "age": 40, "annual_work_income": 12529})
    assert not check(hh)
    hh = household({"age": 40, "annual_work_income": 12000}, {"relation": "spouse", "age": 40, "annual_work_income": 12528})
    assert check(hh)


def test_age_18_qualifies():  # clause: 18 to 64 (lower edge)
    assert check(household({"age": 18}))


def test_age_17_does_not_qualify():  # clause: 18 to 64 (below)
    assert not check(household({"age": 17}))


def test_age_64_qualifies():  # clause: 18 to 64 (upper edge)
    assert check(household({"age": 64}))


def test_age_65_does_not_qualify():  # clause: 18 to 64 (above)
    assert not check(household({"age": 65}))


def test_outside_nyc_does_not_qualify():  # clause: lives in NYC
    assert not check(household({"age": 30, "place_of_residence": "Jersey"}))


def test_qualifies_through_adult_child():  # individual scope: non-self member
    assert check(household({"age": 70}, {"relation": "child", "age": 25}))


def test_household_of_seniors_and_kids_does_not_qualify():  # no relevant member
    assert not check(household({"age": 70}, {"relation": "grandchild", "age": 10}))
