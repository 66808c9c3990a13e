import pytest

from checkers.lifeline import check
from eligibench.household import household

HIGH = {"annual_work_income": 200000}


@pytest.mark.parametrize("program", ["receives_snap", "receives_ssi", "receives_medicaid", "receives_disability_medicaid", "receives_fpha", "receives_vpsb"])
def test_program_participation_qualifies(program):  # clause: participates in a listed program
    assert check(household({**HIGH, program: True}))


def test_high_income_no_program_fails():  # both clauses fail
    assert not check(household(HIGH))


def test_ssdi_is_not_a_listed_program():  # clause: listed programs only
    assert not check(household({**HIGH, "receives_ssdi": True}))


def test_program_through_child_qualifies():  # clause: someone in household participates (non-self)
    assert check(household(HIGH, {"relation": "child", "age": 6, "receives_medicaid": True}))


def test_size_1_income_at_limit_qualifies():  # clause: income table size 1 (edge)
    assert check(household({"annual_work_income": 20331}))


def test_size_1_income_just_above_limit_fails():  # clause: income table size 1 (just above)
    assert not check(household({"annual_work_income": 20332}))


def test_size_1_income_just_below_limit_qualifies():  # clause: income table size 1 (just below)
    assert check(household({"annual_work_income": 20330}))


def test_size_2_adds_members_income():  # clause: household income, size 2
    assert not check(household({"annual_work_income": 20000}, {"relation": "spouse", "annual_investment_income": 7595}))
    assert check(household({"annual_work_income": 20000}, {"relation": "spouse", "annual_investment_income": 7594}))


def test_size_6_at_and_above_limit():  # clause: income table row 6 (largest possible household)
    kids = [{"relation": "child", "age": 5}] * 5
    assert check(household({"annual_work_income": 56646}, *kids))
    assert not check(household({"annual_work_income": 56647}, *kids))


@pytest.mark.parametrize("housing", ["Section 8", "NYCHA development"])
def test_public_or_section_8_housing_is_fpha(housing):  # clause 1d: FPHA (second reading 2024-b, decided)
    reader = {"age": 40, "annual_work_income": 60000, "housing_type": housing, "work_hours_per_week": 40,
              "works_outside_home": True}
    assert check(household(reader))
    assert not check(household(dict(reader, housing_type="rent stabilized apartment")))  # the twin, above the limit
