import pytest

from checkers._common import table_limit
from checkers.editions.e2026_08.learn_earn import EXTRA_PER_PERSON, YEARLY_LIMITS, check
from checkers.learn_earn import check as check_2024
from eligibench.household import household

# A junior whose household income is far above the table, so only a listed need can qualify them.
BASE = {"age": 17, "current_school_level": 11, "annual_work_income": 90000}


def youth(**changes):
    return {**BASE, **changes}


def test_size_1_at_and_just_above_the_2026_limit():  # 7j: income table (size 1, edge and just above)
    assert check(household(youth(annual_work_income=15650)))
    assert not check(household(youth(annual_work_income=15651)))


def test_the_2024_limit_no_longer_binds_and_verdicts_differ():  # 7j: the table moved up
    hh = household(youth(annual_work_income=14581))
    assert check(hh)
    assert not check_2024(hh)


def test_size_2_with_a_parent_earning_and_investment_income():  # 7j: household income, size 2 row
    parent = {"relation": "sibling", "age": 25, "annual_work_income": 20000}
    assert check(household(youth(annual_work_income=0, annual_investment_income=1150), parent))
    assert not check(household(youth(annual_work_income=0, annual_investment_income=1151), parent))


def test_size_6_last_reachable_row():  # 7j: income table row 6 (largest possible household)
    others = [{"relation": "sibling", "age": 10}] * 5
    assert check(household(youth(annual_work_income=43150), *others))
    assert not check(household(youth(annual_work_income=43151), *others))


def test_each_additional_person():  # 7j: each additional person past 8 adds $5,500
    assert table_limit(YEARLY_LIMITS, EXTRA_PER_PERSON, 10) == 54150 + 2 * 5500


def test_high_income_without_need_does_not_qualify():  # the "one of these" requirement
    assert not check(household(youth()))


@pytest.mark.parametrize("need", [{"receives_snap": True}, {"receives_cash_assistance": True},
                                  {"housing_type": "DHS shelter"}, {"is_runaway": True}, {"in_foster_care": True},
                                  {"foster_age_out": True}, {"involved_in_justice_system": True},
                                  {"months_pregnant": 1}, {"is_parent": True}, {"disabled": True}])
def test_each_need_qualifies_despite_income(need):  # 7a-7i
    assert check(household(youth(**need)))


def test_age_edges():  # age 16 to 21 inclusive
    assert check(household(youth(age=16, disabled=True)))
    assert not check(household(youth(age=15, disabled=True)))
    assert check(household(youth(age=21, current_school_level=12, disabled=True)))
    assert not check(household(youth(age=22, current_school_level=12, disabled=True)))


def test_grade_residence_ssn_work_and_selective_service():  # the yes/no questions
    assert check(household(youth(current_school_level=12, disabled=True)))
    assert not check(household(youth(current_school_level=10, disabled=True)))
    assert not check(household(youth(place_of_residence="Jersey", disabled=True)))
    assert not check(household(youth(has_ssn=False, disabled=True)))
    assert not check(household(youth(authorized_to_work_in_us=False, disabled=True)))
    assert not check(household(youth(age=18, is_eligible_for_selective_service=True, selective_service=False, disabled=True)))
    assert check(household(youth(age=18, is_eligible_for_selective_service=True, selective_service=True, disabled=True)))
