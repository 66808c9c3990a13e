import pytest

from checkers.learn_earn import check
from eligibench.household import household

# A junior whose household income is far above the table, so only a listed need can qualify them.
BASE = {"age": 17, "current_school_level": 11, "annual_work_income": 90000}


def youth(**changes):
    return {**BASE, **changes}


def test_low_income_junior_qualifies():  # clause: income table, size 1 at $0
    assert check(household(youth(annual_work_income=0)))


def test_high_income_without_need_does_not_qualify():  # clause: meets one of the needs
    assert not check(household(youth()))


def test_age_16_qualifies():  # clause: age 16 to 21 (edge: exactly 16)
    assert check(household(youth(age=16, disabled=True)))


def test_age_15_does_not_qualify():  # clause: age 16 to 21 (just below)
    assert not check(household(youth(age=15, disabled=True)))


def test_age_21_qualifies():  # clause: age 16 to 21 (edge: exactly 21)
    assert check(household(youth(age=21, current_school_level=12, disabled=True)))


def test_age_22_does_not_qualify():  # clause: age 16 to 21 (just above)
    assert not check(household(youth(age=22, current_school_level=12, disabled=True)))


def test_grade_10_does_not_qualify():  # clause: junior or senior
    assert not check(household(youth(current_school_level=10, disabled=True)))


def test_senior_qualifies():  # clause: junior or senior (grade 12)
    assert check(household(youth(current_school_level=12, disabled=True)))


def test_college_student_does_not_qualify():  # clause: junior or senior
    assert not check(household(youth(current_school_level="college", disabled=True)))


def test_living_outside_nyc_does_not_qualify():  # clause: lives in NYC
    assert not check(household(youth(place_of_residence="Jersey", disabled=True)))


def test_no_ssn_does_not_qualify():  # clause: Social Security number
    assert not check(household(youth(has_ssn=False, disabled=True)))


def test_not_authorized_to_work_does_not_qualify():  # clause: authorized to work in the US
    assert not check(household(youth(authorized_to_work_in_us=False, disabled=True)))


def test_required_but_unregistered_for_selective_service_does_not_qualify():  # clause: Selective Service
    assert not check(household(youth(sex="male", is_eligible_for_selective_service=True, disabled=True)))


def test_required_and_registered_for_selective_service_qualifies():  # clause: Selective Service
    m = youth(sex="male", is_eligible_for_selective_service=True, selective_service=True, disabled=True)
    assert check(household(m))


def test_own_snap_qualifies():  # clause: need - SNAP
    assert check(household(youth(receives_snap=True)))


def test_household_member_cash_assistance_qualifies():  # clause: need - someone in household gets cash assistance
    hh = household({"age": 45, "receives_cash_assistance": True}, youth(relation="child"))
    assert check(hh)


def test_homeless_qualifies():  # clause: need - homeless
    assert check(household(youth(housing_type="DHS shelter")))


def test_runaway_qualifies():  # clause: need - runaway
    assert check(household(youth(is_runaway=True)))


def test_foster_care_qualifies():  # clause: need - in foster care
    assert check(household(youth(in_foster_care=True)))


def test_aged_out_of_foster_care_qualifies():  # clause: need - aged out of foster care
    assert check(household(youth(foster_age_out=True)))


def test_justice_involved_qualifies():  # clause: need - justice system
    assert check(household(youth(involved_in_justice_system=True)))


def test_pregnant_qualifies():  # clause: need - pregnant
    assert check(household(youth(months_pregnant=3)))


def test_parent_qualifies():  # clause: need - parent
    assert check(household(youth(is_parent=True)))


def test_disability_qualifies():  # clause: need - disability
    assert check(household(youth(disabled=True)))


def test_income_at_size_1_limit_qualifies():  # clause: income table, size 1 (exactly at)
    assert check(household(youth(annual_work_income=14580)))


def test_income_just_above_size_1_limit_does_not_qualify():  # clause: income table, size 1 (just above)
    assert not check(household(youth(annual_work_income=14581)))


def test_income_counts_investments_and_other_members():  # clause: household income, size 2
    hh = household({"age": 45, "annual_work_income": 19000, "annual_investment_income": 720},
                   youth(relation="child", annual_work_income=0))
    assert check(hh)
    hh = household({"age": 45, "annual_work_income": 19000, "annual_investment_income": 721},
                   youth(relation="child", annual_work_income=0))
    assert not check(hh)


def _household_of(size, income):
    members = [{"age": 45, "annual_work_income": income}, youth(relation="child", annual_work_income=0)]
    while len(members) < size:
        members.append({"relation": "child", "age": 5})
    return household(*members)


def test_income_at_size_6_limit_qualifies():  # clause: income table (exactly at, size 6)
    assert check(_household_of(6, 40280))


def test_income_above_size_6_limit_does_not_qualify():  # clause: income table (just above, size 6)
    assert not check(_household_of(6, 40281))


def test_grade_11_child_qualifies_through_non_self_member():  # individual scope: through a child
    hh = household({"age": 40, "annual_work_income": 90000}, youth(relation="child", annual_work_income=0, disabled=True))
    assert check(hh)


def test_household_with_no_student_does_not_qualify():  # no relevant member
    hh = household({"age": 40, "receives_snap": True}, {"relation": "child", "age": 8, "current_school_level": 3})
    assert not check(hh)


def test_temporary_assistance_flag_is_cash_assistance():  # clause: gets cash assistance (issue 30)
    assert not check(household(youth()))
    assert check(household(youth(receives_temporary_assistance=True)))


@pytest.mark.parametrize("flag", ["blind", "deaf_or_hearing_loss", "developmental_condition"])
def test_every_kind_of_disability_counts(flag):  # clause: has a disability (issue 30: not only `disabled`)
    assert check(household(youth(**{flag: True})))
