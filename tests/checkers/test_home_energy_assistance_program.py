import pytest

from checkers._common import table_limit
from checkers.home_energy_assistance_program import EACH_ADDITIONAL_PERSON, MONTHLY_INCOME_LIMITS, check
from eligibench.household import household

KIDS5 = [{"relation": "child", "age": 8}] * 5
# Above the size-1 table limit ($3,035 a month = $36,420 a year) so only Emergency HEAP can apply.
HIGH = 50000
EMERGENCY = {"annual_work_income": HIGH, "heat_shut_off": True, "heating_electrical_bill_in_name": True, "receives_snap": True}


# Regular HEAP: income table
def test_regular_size_1_at_limit_qualifies():  # clause: Regular HEAP income table (size 1, edge)
    assert check(household({"annual_work_income": 3035 * 12}))


def test_regular_size_1_just_above_limit_fails():  # clause: Regular HEAP income table (size 1, just above)
    assert not check(household({"annual_work_income": 3035 * 12 + 1}))


def test_regular_size_1_just_below_limit_qualifies():  # clause: Regular HEAP income table (size 1, just below)
    assert check(household({"annual_work_income": 3035 * 12 - 1}))


def test_regular_income_added_over_members():  # clause: household gross income (size 2)
    assert not check(household({"annual_work_income": 30000}, {"relation": "spouse", "annual_investment_income": 3970 * 12 - 30000 + 1}))
    assert check(household({"annual_work_income": 30000}, {"relation": "spouse", "annual_investment_income": 3970 * 12 - 30000}))


def test_regular_size_6_at_and_above_limit():  # clause: income table row 6 (largest possible household)
    assert check(household({"annual_work_income": 7706 * 12}, *KIDS5))
    assert not check(household({"annual_work_income": 7706 * 12 + 1}, *KIDS5))


def test_table_last_row_and_beyond():  # clause: table last row (13) and each additional person
    assert table_limit(MONTHLY_INCOME_LIMITS, EACH_ADDITIONAL_PERSON, 13) == 9532
    assert table_limit(MONTHLY_INCOME_LIMITS, EACH_ADDITIONAL_PERSON, 14) == 9532 + 642


# Emergency HEAP
def test_emergency_all_conditions_qualifies():  # clauses: emergency 1-4 (SNAP)
    assert check(household(EMERGENCY))


@pytest.mark.parametrize("flag", ["electricity_shut_off", "heat_shut_off", "out_of_fuel"])
def test_emergency_each_kind_of_heating_emergency(flag):  # clause: emergency 1 (each kind)
    assert check(household({**EMERGENCY, "heat_shut_off": False, flag: True}))


def test_emergency_no_heating_emergency_fails():  # clause: emergency 1
    assert not check(household({**EMERGENCY, "heat_shut_off": False}))


def test_emergency_bill_not_in_name_fails():  # clause: emergency 2
    assert not check(household({**EMERGENCY, "heating_electrical_bill_in_name": False}))


def test_emergency_bill_in_spouse_name_qualifies():  # clause: emergency 2 through a non-self member
    hh = household({**EMERGENCY, "heating_electrical_bill_in_name": False}, {"relation": "spouse", "heating_electrical_bill_in_name": True})
    assert check(hh)


def test_emergency_resources_just_below_2500_qualifies():  # clause: emergency 3, no young/old member (just below)
    assert check(household({**EMERGENCY, "available_financial_resources": 2499.99}))


def test_emergency_resources_at_2500_fails():  # clause: emergency 3, no young/old member (exactly at, strict)
    assert not check(household({**EMERGENCY, "available_financial_resources": 2500}))


def test_emergency_resources_summed_over_members():  # clause: emergency 3, household resources
    hh = household({**EMERGENCY, "available_financial_resources": 1500}, {"relation": "spouse", "available_financial_resources": 1000})
    assert not check(hh)


def test_emergency_resources_3000_with_member_60_qualifies():  # clause: emergency 3, someone 60 or older (edge 60)
    assert check(household({**EMERGENCY, "age": 60, "available_financial_resources": 3000}))


def test_emergency_resources_3000_with_member_59_fails():  # clause: emergency 3, age 59 is not 60 or older
    assert not check(household({**EMERGENCY, "age": 59, "available_financial_resources": 3000}))


def test_emergency_resources_with_child_under_6():  # clause: emergency 3, child under 6 (edges 5 and 6)
    assert check(household({**EMERGENCY, "available_financial_resources": 3749}, {"relation": "child", "age": 5}))
    assert not check(household({**EMERGENCY, "available_financial_resources": 3750}, {"relation": "child", "age": 5}))
    assert not check(household({**EMERGENCY, "available_financial_resources": 3000}, {"relation": "child", "age": 6}))


def test_emergency_no_benefit_and_income_above_table_fails():  # clause: emergency 4
    assert not check(household({**EMERGENCY, "receives_snap": False}))


def test_emergency_temporary_assistance_qualifies():  # clause: emergency 4, Temporary Assistance
    assert check(household({**EMERGENCY, "receives_snap": False, "receives_temporary_assistance": True}))


def test_emergency_code_a_ssi_living_alone_qualifies():  # clause: emergency 4, Code A SSI (lives alone)
    assert check(household({**EMERGENCY, "receives_snap": False, "receives_ssi": True}))


def test_emergency_ssi_not_living_alone_fails():  # clause: emergency 4, SSI but not Code A (two members)
    hh = household({**EMERGENCY, "receives_snap": False, "receives_ssi": True}, {"relation": "spouse", "age": 40})
    assert not check(hh)


def test_emergency_snap_through_child_qualifies():  # clause: emergency 4 through a non-self member
    hh = household({**EMERGENCY, "receives_snap": False}, {"relation": "child", "age": 10, "receives_snap": True})
    assert check(hh)


def test_emergency_cash_assistance_is_temporary_assistance():  # clause: emergency 4 (issue 30: TA is cash assistance)
    no_snap = dict(EMERGENCY, receives_snap=False)
    assert not check(household(no_snap))
    assert check(household(dict(no_snap, receives_cash_assistance=True)))
