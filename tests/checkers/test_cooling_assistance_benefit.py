import pytest

from checkers._common import table_limit
from checkers.cooling_assistance_benefit import EACH_ADDITIONAL_PERSON, MONTHLY_INCOME_LIMITS, check
from eligibench.household import household

# A senior living alone with income at the size-1 limit meets every clause.
BASE = {"age": 65, "annual_work_income": 3035 * 12}
HIGH = 100000


def test_all_clauses_met_qualifies():  # clauses 1-5
    assert check(household(BASE))


# clause 1: income guideline
def test_income_size_1_just_above_limit_fails():  # clause 1: income table (size 1, just above)
    assert not check(household({**BASE, "annual_work_income": 3035 * 12 + 1}))


def test_income_size_1_just_below_limit_qualifies():  # clause 1: income table (size 1, just below)
    assert check(household({**BASE, "annual_work_income": 3035 * 12 - 1}))


def test_income_size_6_at_and_above_limit():  # clause 1: income table row 6 (largest possible household)
    kids = [{"relation": "child", "age": 8}] * 5
    assert check(household({**BASE, "annual_work_income": 7706 * 12}, *kids))
    assert not check(household({**BASE, "annual_work_income": 7706 * 12 + 1}, *kids))


def test_table_last_row_and_beyond():  # clause 1: table last row (13) and each additional person
    assert table_limit(MONTHLY_INCOME_LIMITS, EACH_ADDITIONAL_PERSON, 13) == 9532
    assert table_limit(MONTHLY_INCOME_LIMITS, EACH_ADDITIONAL_PERSON, 15) == 9532 + 2 * 642


@pytest.mark.parametrize("flag", ["receives_snap", "receives_temporary_assistance", "receives_ssi"])
def test_benefit_meets_guideline_despite_high_income(flag):  # clause 1: SNAP / TA / Code A SSI (living alone)
    assert check(household({**BASE, "annual_work_income": HIGH, flag: True}))


def test_ssi_not_living_alone_with_high_income_fails():  # clause 1: SSI but not Code A (two members)
    assert not check(household({**BASE, "annual_work_income": HIGH, "receives_ssi": True}, {"relation": "spouse", "age": 64}))


def test_snap_through_spouse_qualifies():  # clause 1 through a non-self member
    assert check(household({**BASE, "annual_work_income": HIGH}, {"relation": "spouse", "age": 64, "receives_snap": True}))


# clause 2: vulnerable member
def test_no_vulnerable_member_fails():  # clause 2: nobody 60+, under 6, or heat-sensitive
    assert not check(household({**BASE, "age": 59}))


def test_heat_exacerbated_condition_qualifies():  # clause 2: medical condition worsened by heat
    assert check(household({**BASE, "age": 40, "heat_exacerbated_condition": True}))


def test_age_60_exactly_qualifies():  # clause 2: 60 or older (edge)
    assert check(household({**BASE, "age": 60}))


def test_child_under_6_qualifies():  # clause 2: under 6 (edges 5 and 6), through a child
    assert check(household({**BASE, "age": 30, "annual_work_income": 3000}, {"relation": "child", "age": 5}))
    assert not check(household({**BASE, "age": 30, "annual_work_income": 3000}, {"relation": "child", "age": 6}))


# clause 3: immigration status
def test_no_member_with_status_fails():  # clause 3
    assert not check(household({**BASE, "citizenship": "unlawful_resident"}))


def test_lawful_resident_qualifies():  # clause 3: lawful immigration status
    assert check(household({**BASE, "citizenship": "lawful_resident"}))


# clause 4: air conditioner
def test_new_working_ac_fails():  # clause 4
    assert not check(household({**BASE, "ac": True}))


def test_new_working_ac_of_other_member_fails():  # clause 4: anyone in the household
    assert not check(household(BASE, {"relation": "spouse", "age": 62, "ac": True}))


# clause 5: HEAP-funded air conditioner
@pytest.mark.parametrize("years,ok", [(0, True), (1, False), (4, False), (5, True), (6, True)])
def test_heap_air_conditioner_recency(years, ok):  # clause 5: edges (0 = never, 4 just below 5, 5 exactly)
    assert check(household({**BASE, "got_heap_ac": years})) is ok


def test_cash_assistance_is_temporary_assistance():  # clause 1: Temporary Assistance (issue 30)
    rich = dict(BASE, annual_work_income=HIGH)
    assert not check(household(rich))
    assert check(household(dict(rich, receives_cash_assistance=True)))
