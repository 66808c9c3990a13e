from checkers.nyc_mitchell_lama import check
from eligibench.household import household

KIDS5 = [{"relation": "child", "age": 5}] * 5


def test_size_1_under_rental_limit_qualifies():  # clause: federally assisted rental limit (size 1, edge)
    assert check(household({"annual_work_income": 86960}))


def test_size_1_above_rental_but_at_cooperative_limit_qualifies():  # clause: cooperative / non-federal limit (size 1, edge)
    assert check(household({"annual_work_income": 135875}))


def test_size_1_just_above_every_limit_fails():  # clause: at least one limit (size 1, just above)
    assert not check(household({"annual_work_income": 135876}))


def test_size_1_just_below_highest_limit_qualifies():  # clause: highest limit (size 1, just below)
    assert check(household({"annual_work_income": 135874}))


def test_income_of_spouse_is_added():  # clause: total household income (size 2)
    hh = household({"annual_work_income": 100000}, {"relation": "spouse", "annual_investment_income": 55376})
    assert not check(hh)
    hh = household({"annual_work_income": 100000}, {"relation": "spouse", "annual_investment_income": 55375})
    assert check(hh)


def test_size_6_at_and_above_highest_limit():  # clause: table row 6 (largest possible household)
    assert check(household({"annual_work_income": 225125}, *KIDS5))
    assert not check(household({"annual_work_income": 225126}, *KIDS5))
