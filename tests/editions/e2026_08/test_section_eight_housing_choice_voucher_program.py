from checkers.editions.e2026_08.section_eight_housing_choice_voucher_program import check
from eligibench.household import household


def test_size_1_exactly_at_the_2026_limit_qualifies():  # clause: income at or below limit (size 1, edge)
    assert check(household({"annual_work_income": 59400}))


def test_size_1_just_above_fails():  # clause: income at or below limit (size 1, just above)
    assert not check(household({"annual_work_income": 59401}))


def test_size_1_just_below_qualifies_and_the_2024_limit_no_longer_binds():  # clause: the limit moved up
    assert check(household({"annual_work_income": 59399}))
    assert check(household({"annual_work_income": 54351}))  # over the 2024 limit, under the 2026 one


def test_investment_income_counts():  # clause: income includes investment income
    assert not check(household({"annual_work_income": 55000, "annual_investment_income": 4401}))


def test_other_members_income_adds_and_size_2_row_applies():  # clause: household income, size 2
    assert check(household({"annual_work_income": 40000}, {"relation": "spouse", "annual_work_income": 27850}))
    assert not check(household({"annual_work_income": 40000}, {"relation": "spouse", "annual_work_income": 27851}))


def test_size_6_last_reachable_row():  # clause: table row 6 (largest possible household)
    kids = [{"relation": "child", "age": 5}] * 5
    assert check(household({"annual_work_income": 98400}, *kids))
    assert not check(household({"annual_work_income": 98401}, *kids))
