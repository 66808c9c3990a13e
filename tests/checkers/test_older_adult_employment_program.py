from checkers.older_adult_employment_program import check
from eligibench.household import household


def test_unemployed_older_adult_without_income_qualifies():  # all clauses met
    assert check(household({"age": 60}))


def test_age_55_qualifies():  # clause: 55 or older (edge: exactly 55)
    assert check(household({"age": 55}))


def test_age_54_does_not_qualify():  # clause: 55 or older (just below)
    assert not check(household({"age": 54}))


def test_age_56_qualifies():  # clause: 55 or older (just above)
    assert check(household({"age": 56}))


def test_living_outside_nyc_does_not_qualify():  # clause: lives in the five boroughs
    assert not check(household({"age": 60, "place_of_residence": "Jersey"}))


def test_working_does_not_qualify():  # clause: unemployed
    assert not check(household({"age": 60, "work_hours_per_week": 15, "annual_work_income": 9000}))


def test_income_at_size_1_limit_qualifies():  # clause: income table, size 1 (exactly at)
    assert check(household({"age": 60, "annual_investment_income": 18825}))


def test_income_just_below_size_1_limit_qualifies():  # clause: income table, size 1 (just below)
    assert check(household({"age": 60, "annual_investment_income": 18824}))


def test_income_just_above_size_1_limit_does_not_qualify():  # clause: income table, size 1 (just above)
    assert not check(household({"age": 60, "annual_investment_income": 18826}))


def test_income_counts_other_members_size_2():  # clause: household income, size 2
    assert check(household({"age": 60}, {"relation": "spouse", "age": 58, "annual_work_income": 25550}))
    assert not check(household({"age": 60}, {"relation": "spouse", "age": 58, "annual_work_income": 25551}))


def _household_of(size, income):
    members = [{"age": 40, "annual_work_income": income, "work_hours_per_week": 40},
               {"relation": "sibling", "age": 70}]
    while len(members) < size:
        members.append({"relation": "child", "age": 8})
    return household(*members)


def test_income_at_size_6_limit_qualifies():  # clause: income table (exactly at, size 6); through a non-self member
    assert check(_household_of(6, 52450))


def test_income_above_size_6_limit_does_not_qualify():  # clause: income table (just above, size 6)
    assert not check(_household_of(6, 52451))


def test_household_with_no_older_adult_does_not_qualify():  # no relevant member
    assert not check(household({"age": 50}, {"relation": "child", "age": 20}))
