import pytest

from checkers._common import table_limit
from checkers.editions.e2026_08.train_earn import EXTRA_PER_PERSON, YEARLY_LIMITS, check
from checkers.train_earn import check as check_2024
from eligibench.household import household

# An out-of-school youth without a diploma whose household income is far above the chart,
# so only a listed need can qualify them.
BASE = {"age": 20, "high_school_equivalent": "no high school diploma equivalent", "annual_investment_income": 90000}


def youth(**changes):
    return {**BASE, **changes}


def test_size_1_just_below_at_and_above_the_2026_limit():  # barrier j: strictly less than the chart (size 1)
    assert check(household(youth(annual_investment_income=15649)))
    assert not check(household(youth(annual_investment_income=15650)))
    assert not check(household(youth(annual_investment_income=15651)))


def test_the_2024_limit_no_longer_binds_and_verdicts_differ():  # barrier j: the chart moved up
    hh = household(youth(annual_investment_income=14581))
    assert check(hh)
    assert not check_2024(hh)


def test_at_the_limit_no_longer_counts_and_verdicts_differ():  # barrier j: "less than" replaced "at or below"
    hh = household(youth(annual_investment_income=0), {"relation": "sibling", "age": 30, "annual_work_income": 19720})
    assert check_2024(hh)  # exactly at the 2024 size-2 amount
    assert check(hh)  # under the 2026 one
    at_2026 = household(youth(annual_investment_income=0), {"relation": "sibling", "age": 30, "annual_work_income": 21150})
    assert not check(at_2026)


def test_size_6_last_reachable_row():  # barrier j: chart row 6 (largest possible household)
    others = [{"relation": "sibling", "age": 10}] * 5
    assert check(household(youth(annual_investment_income=43149), *others))
    assert not check(household(youth(annual_investment_income=43150), *others))


def test_each_additional_person():  # barrier j: each additional person past 8 adds $5,500
    assert table_limit(YEARLY_LIMITS, EXTRA_PER_PERSON, 9) == 54150 + 5500


def test_work_authorization_is_no_longer_tested_and_verdicts_differ():  # the 2024 closing sentence is gone
    hh = household(youth(disabled=True, authorized_to_work_in_us=False))
    assert check(hh)
    assert not check_2024(hh)


def test_no_need_does_not_qualify():  # meets one of the requirements
    assert not check(household(youth()))


@pytest.mark.parametrize("need", [{"receives_snap": True}, {"receives_cash_assistance": True},
                                  {"housing_type": "homeless"}, {"is_runaway": True}, {"in_foster_care": True},
                                  {"foster_age_out": True}, {"involved_in_justice_system": True},
                                  {"disabled": True}, {"months_pregnant": 2}, {"is_parent": True}])
def test_each_need_qualifies_despite_income(need):  # barriers a-i
    assert check(household(youth(**need)))


def test_age_edges():  # age 16 to 24 inclusive
    assert check(household(youth(age=16, disabled=True)))
    assert not check(household(youth(age=15, disabled=True)))
    assert check(household(youth(age=24, disabled=True)))
    assert not check(household(youth(age=25, disabled=True)))


def test_residence_work_selective_service():  # NYC; not working; selective service
    assert not check(household(youth(place_of_residence="Jersey", disabled=True)))
    assert not check(household(youth(work_hours_per_week=1, disabled=True)))
    assert not check(household(youth(is_eligible_for_selective_service=True, selective_service=False, disabled=True)))
    assert check(household(youth(is_eligible_for_selective_service=True, selective_service=True, disabled=True)))


def test_schooling():  # not in school; no diploma, or a diploma but not proficient in English
    assert not check(household(youth(current_school_level=12, disabled=True)))
    assert not check(household(youth(high_school_equivalent="GED", proficient_in_english_reading_and_writing=True, disabled=True)))
    assert check(household(youth(high_school_equivalent="GED", proficient_in_english_reading_and_writing=False, disabled=True)))
