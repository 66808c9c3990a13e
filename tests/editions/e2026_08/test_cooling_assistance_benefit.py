import pytest

from checkers._common import table_limit
from checkers.cooling_assistance_benefit import check as check_2024
from checkers.editions.e2026_08.cooling_assistance_benefit import EACH_ADDITIONAL_PERSON, MONTHLY_INCOME_LIMITS, check
from eligibench.household import household

# A senior living alone with income at the 2026 size-1 limit meets every clause.
BASE = {"age": 65, "annual_work_income": 3473 * 12}
HIGH = 100000


def test_all_clauses_met_qualifies():  # clauses 1-5
    assert check(household(BASE))


def test_size_1_at_and_just_above_the_2026_limit():  # clause 1: income table (size 1, edge and just above)
    assert check(household({**BASE, "annual_work_income": 3473 * 12}))
    assert not check(household({**BASE, "annual_work_income": 3473 * 12 + 1}))


def test_the_2024_limit_no_longer_binds_and_verdicts_differ():  # clause 1: the table moved up
    just_past_2024 = household({**BASE, "annual_work_income": 3035 * 12 + 1})
    assert check(just_past_2024)
    assert not check_2024(just_past_2024)


def test_investment_income_counts():  # clause 1: gross income includes investment income
    assert not check(household({**BASE, "annual_work_income": 40000, "annual_investment_income": 1677}))
    assert check(household({**BASE, "annual_work_income": 40000, "annual_investment_income": 1676}))


def test_size_6_at_and_above_limit():  # clause 1: income table row 6 (largest possible household)
    kids = [{"relation": "child", "age": 8}] * 5
    assert check(household({**BASE, "annual_work_income": 8818 * 12}, *kids))
    assert not check(household({**BASE, "annual_work_income": 8818 * 12 + 1}, *kids))


def test_table_last_row_and_beyond():  # clause 1: table last row (13) and each additional person
    assert table_limit(MONTHLY_INCOME_LIMITS, EACH_ADDITIONAL_PERSON, 13) == 10221
    assert table_limit(MONTHLY_INCOME_LIMITS, EACH_ADDITIONAL_PERSON, 15) == 10221 + 2 * 687


@pytest.mark.parametrize("flag", ["receives_snap", "receives_cash_assistance", "receives_temporary_assistance", "receives_ssi"])
def test_benefit_route_despite_high_income(flag):  # clause 1: SNAP / Cash Assistance / Code A SSI (living alone)
    assert check(household({**BASE, "annual_work_income": HIGH, flag: True}))


def test_cash_assistance_is_temporary_assistance_in_both_editions():  # clause 1: "Cash Assistance" (2026) = "Temporary Assistance" (2024)
    # issue 30: HRA Cash Assistance is New York's Temporary Assistance (checkers.facts.temporary_assistance),
    # so the 2026 wording changed no verdict: either flag qualifies in both editions
    for flag in ("receives_cash_assistance", "receives_temporary_assistance"):
        hh = household({**BASE, "annual_work_income": HIGH, flag: True})
        assert check(hh) and check_2024(hh)


def test_ssi_counts_only_living_alone():  # clause 1: Code A SSI is SSI living alone
    spouse = {"relation": "spouse", "age": 65}
    assert not check(household({**BASE, "annual_work_income": HIGH, "receives_ssi": True}, spouse))


def test_vulnerable_member_ages():  # clause 2: 60 or older, under 6, heat condition
    assert check(household({**BASE, "age": 60}))
    assert not check(household({**BASE, "age": 59}))
    assert check(household({**BASE, "age": 40, "heat_exacerbated_condition": True}))
    assert check(household({**BASE, "age": 40}, {"relation": "child", "age": 5}))
    assert not check(household({**BASE, "age": 40}, {"relation": "child", "age": 6}))


def test_status():  # clause 3: citizen/national or qualified non-citizen
    assert check(household({**BASE, "citizenship": "lawful_resident"}))
    assert not check(household({**BASE, "citizenship": "unlawful_resident"}))


def test_air_conditioner():  # clauses 4-5: no new working AC; no HEAP AC in the last five years
    assert not check(household({**BASE, "ac": True}))
    assert not check(household({**BASE, "got_heap_ac": 4}))
    assert check(household({**BASE, "got_heap_ac": 5}))
    assert not check(household({**BASE, "got_heap_ac": 1}))
