from checkers.editions.e2026_08.nyc_mitchell_lama import check
from checkers.nyc_mitchell_lama import check as check_2024
from eligibench.household import household

KIDS5 = [{"relation": "child", "age": 5}] * 5


def test_size_1_at_the_rental_limit_qualifies():  # clause: federally assisted rental limit (size 1, edge)
    assert check(household({"annual_work_income": 90720}))


def test_size_1_at_and_just_past_the_highest_limit():  # clause: at least one limit (size 1; moved 135,875 -> 141,750)
    assert check(household({"annual_work_income": 141750}))
    assert not check(household({"annual_work_income": 141751}))


def test_income_between_the_2024_and_2026_limits_flips_the_verdict():  # the tables moved up
    hh = household({"annual_work_income": 140000})
    assert not check_2024(hh)
    assert check(hh)


def test_income_of_spouse_is_added():  # clause: total household income (size 2)
    assert check(household({"annual_work_income": 100000}, {"relation": "spouse", "annual_investment_income": 62000}))
    assert not check(household({"annual_work_income": 100000}, {"relation": "spouse", "annual_investment_income": 62001}))


def test_size_6_at_and_above_the_highest_limit():  # clause: table row 6 (largest possible household)
    assert check(household({"annual_work_income": 235000}, *KIDS5))
    assert not check(household({"annual_work_income": 235001}, *KIDS5))
