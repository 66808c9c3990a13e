import pytest

from checkers.train_earn import check
from eligibench.household import household

# An out-of-school youth without a diploma whose household income is far above the chart,
# so only a listed need can qualify them.
BASE = {"age": 20, "high_school_equivalent": "no high school diploma equivalent", "annual_investment_income": 90000}


def youth(**changes):
    return {**BASE, **changes}


def test_low_income_youth_without_diploma_qualifies():  # clause: low-income (size 1 at $0)
    assert check(household(youth(annual_investment_income=0)))


def test_no_need_does_not_qualify():  # clause: meets one of the needs
    assert not check(household(youth()))


def test_age_16_qualifies():  # clause: age 16 to 24 (edge: exactly 16)
    assert check(household(youth(age=16, disabled=True)))


def test_age_15_does_not_qualify():  # clause: age 16 to 24 (just below)
    assert not check(household(youth(age=15, disabled=True)))


def test_age_24_qualifies():  # clause: age 16 to 24 (edge: exactly 24)
    assert check(household(youth(age=24, disabled=True)))


def test_age_25_does_not_qualify():  # clause: age 16 to 24 (just above)
    assert not check(household(youth(age=25, disabled=True)))


def test_living_outside_nyc_does_not_qualify():  # clause: lives in NYC
    assert not check(household(youth(place_of_residence="Jersey", disabled=True)))


def test_working_does_not_qualify():  # clause: not working
    assert not check(household(youth(work_hours_per_week=20, disabled=True)))


def test_required_but_unregistered_for_selective_service_does_not_qualify():  # clause: Selective Service
    assert not check(household(youth(sex="male", is_eligible_for_selective_service=True, disabled=True)))


def test_registered_for_selective_service_qualifies():  # clause: Selective Service
    m = youth(sex="male", is_eligible_for_selective_service=True, selective_service=True, disabled=True)
    assert check(household(m))


def test_attending_school_does_not_qualify():  # clause: not attending school
    assert not check(household(youth(current_school_level=10, disabled=True)))


def test_diploma_and_proficient_in_english_does_not_qualify():  # clause: school alternatives
    m = youth(high_school_equivalent="high school diploma", proficient_in_english_reading_and_writing=True, disabled=True)
    assert not check(household(m))


def test_diploma_but_english_learner_qualifies():  # clause: school alternative - diploma but English learner
    m = youth(high_school_equivalent="HSE diploma", proficient_in_english_reading_and_writing=False, disabled=True)
    assert check(household(m))


def test_diploma_english_learner_in_college_does_not_qualify():  # clause: not attending school (second alternative)
    m = youth(high_school_equivalent="GED", current_school_level="college", disabled=True)
    assert not check(household(m))


def test_not_authorized_to_work_does_not_qualify():  # clause: lawful work in the US
    assert not check(household(youth(authorized_to_work_in_us=False, disabled=True)))


def test_own_cash_assistance_qualifies():  # clause: need - cash assistance
    assert check(household(youth(receives_cash_assistance=True)))


def test_household_member_snap_qualifies():  # clause: need - someone in household gets SNAP
    hh = household({"age": 50, "receives_snap": True}, youth(relation="child"))
    assert check(hh)


def test_homeless_qualifies():  # clause: need - homeless
    assert check(household(youth(housing_type="homeless")))


def test_runaway_qualifies():  # clause: need - runaway
    assert check(household(youth(is_runaway=True)))


def test_foster_care_qualifies():  # clause: need - foster care
    assert check(household(youth(in_foster_care=True)))


def test_aged_out_of_foster_care_qualifies():  # clause: need - aged out of foster care
    assert check(household(youth(foster_age_out=True)))


def test_justice_involved_qualifies():  # clause: need - justice system
    assert check(household(youth(involved_in_justice_system=True)))


def test_disability_qualifies():  # clause: need - disability
    assert check(household(youth(disabled=True)))


def test_pregnant_qualifies():  # clause: need - pregnant
    assert check(household(youth(months_pregnant=5)))


def test_parent_qualifies():  # clause: need - parent
    assert check(household(youth(is_parent=True)))


def test_income_at_size_1_limit_qualifies():  # clause: low-income, size 1 (exactly at)
    assert check(household(youth(annual_investment_income=14580)))


def test_income_just_above_size_1_limit_does_not_qualify():  # clause: low-income, size 1 (just above)
    assert not check(household(youth(annual_investment_income=14581)))


def test_income_just_below_size_1_limit_qualifies():  # clause: low-income, size 1 (just below)
    assert check(household(youth(annual_investment_income=14579)))


def _household_of(size, income):
    members = [{"age": 50, "annual_work_income": income, "work_hours_per_week": 40},
               youth(relation="child", annual_investment_income=0)]
    while len(members) < size:
        members.append({"relation": "child", "age": 6})
    return household(*members)


def test_income_at_size_6_limit_qualifies():  # clause: low-income (exactly at, size 6)
    assert check(_household_of(6, 40280))


def test_income_above_size_6_limit_does_not_qualify():  # clause: low-income (just above, size 6)
    assert not check(_household_of(6, 40281))


def test_qualifies_through_a_sibling():  # individual scope: through a non-self member
    hh = household({"age": 30, "work_hours_per_week": 40}, youth(relation="sibling", is_parent=True))
    assert check(hh)


def test_household_with_no_young_adult_does_not_qualify():  # no relevant member
    hh = household({"age": 40, "receives_snap": True, "high_school_equivalent": "no high school diploma equivalent"},
                   {"relation": "child", "age": 12, "current_school_level": 6})
    assert not check(hh)


def test_temporary_assistance_flag_is_cash_assistance():  # clause: gets cash assistance (issue 30)
    assert not check(household(youth()))
    assert check(household(youth(receives_temporary_assistance=True)))


@pytest.mark.parametrize("flag", ["blind", "deaf_or_hearing_loss", "developmental_condition"])
def test_every_kind_of_disability_counts(flag):  # clause: has a disability (issue 30: not only `disabled`)
    assert check(household(youth(**{flag: True})))
