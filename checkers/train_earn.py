"""Train & Earn: job training, high school equivalency help and paid work for out-of-school youth.

Readings of ambiguous requirements:
- "Resident of NYC" means place_of_residence is "New York City".
- "16-24 years old" includes ages 16 and 24.
- "Not working" means work_hours_per_week is 0.
- "Registered for selective service, if an eligible male" applies only when is_eligible_for_selective_service; then selective_service must be true.
- "Not attending school" means current_school_level is "none" in both alternatives; "not graduated / no equivalency" means high_school_equivalent is "no high school diploma equivalent".
- "English language learner or needs to improve basic literacy skills" means not proficient_in_english_reading_and_writing.
- "Gets cash assistance" is receives_cash_assistance; "someone in your household" is any member.
- "Homeless youth" means housing_type in TEMPORARY_HOUSING; "runaway youth" is is_runaway.
- "Pregnant" means months_pregnant > 0; "a parent" is is_parent.
- "Low-income" is the income chart (all members' work and investment income against the yearly column); the chart is not a separate requirement.
- not modelled: "needs more help to enter or complete education or to get or hold a job" (a low-income youth meets that item).
- The closing sentence on lawful work in the US is a requirement: authorized_to_work_in_us.
"""
from checkers._common import NYC, NYC_ONLY_HOUSING, TEMPORARY_HOUSING, household_income, table_limit
from eligibench.household import Household, Member

ID = "TrainEarn"

NO_DIPLOMA = "no high school diploma equivalent"
YEARLY_LIMITS = (14580, 19720, 24860, 30000, 35140, 40280, 45420, 50560)
EXTRA_PER_PERSON = 5140


def lives_in_nyc(m: Member) -> bool:
    if m.housing_type in NYC_ONLY_HOUSING:
        return True
    if m.place_of_residence == NYC:
        return True
    return False


def household_gets_cash_or_snap(hh: Household) -> bool:
    for m in hh.members:
        if m.receives_cash_assistance:
            return True
        if m.receives_snap:
            return True
    return False


def low_income(hh: Household) -> bool:
    limit = table_limit(YEARLY_LIMITS, EXTRA_PER_PERSON, hh.size)
    if household_income(hh) > limit:
        return False
    return True


def meets_one_need(hh: Household, m: Member) -> bool:
    if household_gets_cash_or_snap(hh):
        return True
    if m.housing_type in TEMPORARY_HOUSING:
        return True
    if m.is_runaway:
        return True
    if m.in_foster_care:
        return True
    if m.foster_age_out:
        return True
    if m.involved_in_justice_system:
        return True
    if m.disabled:
        return True
    if m.months_pregnant > 0:
        return True
    if m.is_parent:
        return True
    if low_income(hh):
        return True
    return False


def schooling_qualifies(m: Member) -> bool:
    if m.current_school_level != "none":
        return False
    if m.high_school_equivalent == NO_DIPLOMA:
        return True
    if not m.proficient_in_english_reading_and_writing:
        return True
    return False


def member_qualifies(hh: Household, m: Member) -> bool:
    if not lives_in_nyc(m):
        return False
    if m.age < 16:
        return False
    if m.age > 24:
        return False
    if m.work_hours_per_week > 0:
        return False
    if m.is_eligible_for_selective_service:
        if not m.selective_service:
            return False
    if not schooling_qualifies(m):
        return False
    if not m.authorized_to_work_in_us:
        return False
    if not meets_one_need(hh, m):
        return False
    return True


def check(hh: Household) -> bool:
    for m in hh.members:
        if member_qualifies(hh, m):
            return True
    return False
