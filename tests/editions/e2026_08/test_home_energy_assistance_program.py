import pytest

from checkers._common import table_limit
from checkers.editions.e2026_08.home_energy_assistance_program import (
    EACH_ADDITIONAL_PERSON,
    MONTHLY_INCOME_LIMITS,
    check,
)
from checkers.home_energy_assistance_program import check as check_2024
from eligibench.household import household

HIGH = 100000
NONCITIZEN = {"citizenship": "unlawful_resident"}
# An emergency household that meets Emergency HEAP through SNAP (income above every table).
EMERGENCY = {"annual_work_income": HIGH, "heat_shut_off": True, "heating_electrical_bill_in_name": True,
             "available_financial_resources": 100.0, "receives_snap": True}


def test_regular_size_1_at_and_just_above_the_2026_limit():  # R2c: income table (size 1, edge and just above)
    assert check(household({"annual_work_income": 3322 * 12}))
    assert not check(household({"annual_work_income": 3322 * 12 + 1}))


def test_the_2024_limit_no_longer_binds_and_verdicts_differ():  # R2c: the table moved up
    hh = household({"annual_work_income": 3035 * 12 + 1})
    assert check(hh)
    assert not check_2024(hh)


def test_regular_size_6_row():  # R2c: income table row 6 (largest possible household)
    kids = [{"relation": "child", "age": 8}] * 5
    assert check(household({"annual_work_income": 8434 * 12}, *kids))
    assert not check(household({"annual_work_income": 8434 * 12 + 1}, *kids))


def test_table_last_row_and_beyond():  # R2c: table last row (13) and each additional person
    assert table_limit(MONTHLY_INCOME_LIMITS, EACH_ADDITIONAL_PERSON, 13) == 9952
    assert table_limit(MONTHLY_INCOME_LIMITS, EACH_ADDITIONAL_PERSON, 14) == 9952 + 672


def test_investment_income_counts():  # R2c: gross income includes investment income
    assert not check(household({"annual_work_income": 39000, "annual_investment_income": 865}))
    assert check(household({"annual_work_income": 39000, "annual_investment_income": 864}))


@pytest.mark.parametrize("flag", ["receives_snap", "receives_temporary_assistance", "receives_ssi"])
def test_regular_benefit_route_despite_high_income_and_verdicts_differ(flag):  # R2a, R2b: new Regular HEAP routes
    hh = household({"annual_work_income": HIGH, flag: True})
    assert check(hh)
    assert not check_2024(hh)  # 2024: Regular HEAP was the income table only


def test_code_a_ssi_only_living_alone():  # R2b: SSI counts for a one-person household only
    assert not check(household({"annual_work_income": HIGH, "receives_ssi": True}, {"relation": "spouse"}))


def test_regular_needs_a_citizen_or_qualified_non_citizen_and_verdicts_differ():  # R1: new condition
    hh = household({"annual_work_income": 20000, **NONCITIZEN})
    assert not check(hh)
    assert check_2024(hh)
    assert check(household({"annual_work_income": 20000, "citizenship": "lawful_resident"}))
    assert check(household({"annual_work_income": 20000, **NONCITIZEN}, {"relation": "child", "age": 4}))


def test_emergency_heap_is_not_status_tested():  # E1-E4 without R1
    assert check(household({**EMERGENCY, **NONCITIZEN}))
    assert not check(household({**EMERGENCY, **NONCITIZEN, "heat_shut_off": False}))
    assert not check(household({**EMERGENCY, **NONCITIZEN, "heating_electrical_bill_in_name": False}))
    assert not check(household({**EMERGENCY, **NONCITIZEN, "receives_snap": False}))


def test_emergency_resource_limits():  # E3: < $2,500, or < $3,750 with someone 60+ or under 6
    assert check(household({**EMERGENCY, **NONCITIZEN, "age": 40, "available_financial_resources": 2499.0}))
    assert not check(household({**EMERGENCY, **NONCITIZEN, "age": 40, "available_financial_resources": 2500.0}))
    assert check(household({**EMERGENCY, **NONCITIZEN, "age": 60, "available_financial_resources": 3749.0}))
    assert not check(household({**EMERGENCY, **NONCITIZEN, "age": 60, "available_financial_resources": 3750.0}))
