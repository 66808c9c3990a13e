from checkers.section_eight_housing_choice_voucher_program import check
from eligibench.household import household


def test_size_1_income_exactly_at_limit_qualifies():  # clause: income at or below limit (size 1, edge)
    assert check(household({"annual_work_income": 54350}))


def test_size_1_income_just_above_limit_fails():  # clause: income at or below limit (size 1, just above)
    assert not check(household({"annual_work_income": 54351}))


def test_size_1_income_just_below_limit_qualifies():  # clause: income at or below limit (size 1, just below)
    assert check(household({"annual_work_income": 54349}))


def test_investment_income_counts():  # clause: income includes investment income
    assert not check(household({"annual_work_income": 50000, "annual_investment_income": 5000}))


def test_income_of_other_members_is_added():  # clause: household income adds every member
    hh = household({"annual_work_income": 40000}, {"relation": "spouse", "annual_work_income": 22151})
    assert not check(hh)


def test_size_2_exactly_at_limit_qualifies():  # clause: limit depends on household size (size 2)
    hh = household({"annual_work_income": 40000}, {"relation": "spouse", "annual_work_income": 22150})
    assert check(hh)


def test_size_6_largest_household_at_limit_qualifies():  # clause: table row 6 (largest possible household)
    hh = household({"annual_work_income": 90050}, *[{"relation": "child", "age": 5}] * 5)
    assert check(hh)


def test_size_6_just_above_limit_fails():  # clause: table row 6 (just above)
    hh = household({"annual_work_income": 90051}, *[{"relation": "child", "age": 5}] * 5)
    assert not check(hh)
