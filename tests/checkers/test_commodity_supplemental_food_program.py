from checkers.commodity_supplemental_food_program import check
from eligibench.household import household

SENIOR = {"age": 65}


def test_senior_resident_with_no_income_qualifies():  # all clauses met
    assert check(household(SENIOR))


def test_age_60_qualifies():  # clause: 60 or older (exactly at)
    assert check(household({"age": 60}))


def test_age_59_does_not_qualify():  # clause: 60 or older (just below)
    assert not check(household({"age": 59}))


def test_age_61_qualifies():  # clause: 60 or older (just above)
    assert check(household({"age": 61}))


def test_outside_new_york_does_not_qualify():  # clause: New York State resident
    assert not check(household({**SENIOR, "place_of_residence": "Jersey"}))


def test_non_citizen_qualifies():  # no citizenship needed
    assert check(household({**SENIOR, "citizenship": "unlawful_resident"}))


def test_size_1_income_at_limit_qualifies():  # clause: income table, size 1 (exactly 19,578)
    assert check(household({**SENIOR, "annual_work_income": 19578}))


def test_size_1_income_just_above_limit_does_not_qualify():  # clause: income table, size 1 (just above)
    assert not check(household({**SENIOR, "annual_work_income": 19000, "annual_investment_income": 579}))


def test_size_1_income_just_below_limit_qualifies():  # clause: income table, size 1 (just below)
    assert check(household({**SENIOR, "annual_investment_income": 19577}))


def test_size_2_income_counts_every_member():  # clause: household income and size 2 (26,572)
    assert check(household(SENIOR, {"relation": "spouse", "annual_work_income": 26572}))
    assert not check(household(SENIOR, {"relation": "spouse", "annual_work_income": 26573}))


def test_largest_household_size_6_at_and_above_limit():  # clause: income table, largest size a household can have (54,548)
    # households hold at most 6 members, so rows 7-8 and the additional-person rule are unreachable
    members = [{**SENIOR, "annual_work_income": 54548}] + [{"relation": "child", "age": 30}] * 5
    assert check(household(*members))
    members[0] = {**SENIOR, "annual_work_income": 54549}
    assert not check(household(*members))


def test_qualifies_through_older_relative():  # individual scope: non-self member
    assert check(household({"age": 35}, {"relation": "sibling", "age": 70}))


def test_household_without_a_senior_does_not_qualify():  # no relevant member
    assert not check(household({"age": 35}, {"relation": "spouse", "age": 59}))
