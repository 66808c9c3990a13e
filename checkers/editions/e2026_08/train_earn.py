"""Train & Earn: job training, high school equivalency help and paid work for out-of-school youth.

Readings of ambiguous requirements:
- "You live in NYC" is read from place_of_residence being New York City.
- "16-24 years old" includes ages 16 and 24.
- "Not working" means not working any hours a week (the derived fact works: work_hours_per_week above 0, is false).
- "Registered for selective service, if you are an eligible male" applies only to a member who is required to register (is_eligible_for_selective_service); such a member must be registered.
- "Not attending school" means current_school_level is none, in both alternatives; "haven't graduated / no equivalency diploma" means high_school_equivalent is "no high school diploma equivalent".
- "English language learner or need to improve basic literacy skills" means not proficient in English reading and writing.
- "Gets cash assistance" is read from the derived fact temporary_assistance (receives_temporary_assistance or receives_cash_assistance): HRA Cash Assistance is New York State Temporary Assistance as HRA runs it in NYC, so the two flags name one program. "Someone in your household" means any member of the household; SNAP is a household benefit (household_receives_snap). Changed in issue 30, as in the 2024 Train & Earn: only receives_cash_assistance was read.
- "Have a disability" is read from the derived fact disability (any): disabled, developmental_condition, blind or deaf_or_hearing_loss. Changed in issue 30, as in the 2024 Train & Earn: only disabled was read.
- "Homeless youth" means housing_type is homeless, a DHS shelter, an HRA shelter or temporary housing; "runaway youth" is read from is_runaway.
- "Were in foster care or aged out of the foster care system" is read from in_foster_care (a youth in foster care now has been in it) or foster_age_out. A youth who left foster care earlier in another way (adoption, return home) is not modelled: no household fact records past foster care (a known gap of feature schema 1).
- "Pregnant" means months_pregnant is above 0; "a parent" is read from is_parent.
- "You make less than the income limits in the chart" is read as the household's income (every member's yearly work and investment income), because the chart is by household size (number of members); "less than" is strict: income exactly at the chart amount does not meet it (the 2024 text said "at or below").
- not modelled: "need more help to enter or finish an education program, or to get or hold a job" (a youth under the income limits meets that item).
- The 2024 closing sentence (must be able to work lawfully in the US to take part in paid work experiences) is not in the 2026 text, so work authorization is no longer tested.
- A member living in a DHS or HRA shelter or in NYCHA housing lives in New York City, whatever place_of_residence says.

Implied conditions (not stated in the source text):
- none
"""
from checkers._common import NYC, NYC_ONLY_HOUSING, TEMPORARY_HOUSING, household_income, table_limit
from checkers.facts import disability, household_receives_snap, temporary_assistance, works
from eligibench.household import Household, Member

ID = "TrainEarn"

NO_DIPLOMA = "no high school diploma equivalent"
YEARLY_LIMITS = (15650, 21150, 26650, 32150, 37650, 43150, 48650, 54150)
EXTRA_PER_PERSON = 5500


def lives_in_nyc(m: Member) -> bool:
    if m.housing_type in NYC_ONLY_HOUSING:
        return True
    if m.place_of_residence == NYC:
        return True
    return False


def household_gets_cash_or_snap(hh: Household) -> bool:
    for m in hh.members:
        if temporary_assistance(m):
            return True
    if household_receives_snap(hh):
        return True
    return False


def low_income(hh: Household) -> bool:
    limit = table_limit(YEARLY_LIMITS, EXTRA_PER_PERSON, hh.size)
    if household_income(hh) < limit:
        return True
    return False


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
    if disability(m, "any"):
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
    if m.is_eligible_for_selective_service:
        if not m.selective_service:
            return False
    if works(m):
        return False
    if not schooling_qualifies(m):
        return False
    if not meets_one_need(hh, m):
        return False
    return True


def check(hh: Household) -> bool:
    for m in hh.members:
        if member_qualifies(hh, m):
            return True
    return False
