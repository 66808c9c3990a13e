"""Learn & Earn: after-school job training and paid internships for high school juniors and seniors.

Readings of ambiguous requirements:
- "Between 16 - 21 years old" includes ages 16 and 21.
- "NYC high school junior or senior" means living in New York City and currently in grade 11 or 12.
- "Can legally work in the US" is read from authorized_to_work_in_us.
- "Registered for selective service, if you are an eligible male" applies only to a member who is required to register (is_eligible_for_selective_service); such a member must be registered.
- "Gets cash assistance" is read from Temporary Assistance includes HRA Cash Assistance: the derived fact temporary_assistance reads receives_temporary_assistance or receives_cash_assistance, because HRA Cash Assistance is New York State Temporary Assistance as HRA runs it in NYC (the two flags name one program). "Someone in your household" means any member of the household; SNAP is a household benefit (household_receives_snap: any member receives SNAP). Changed in issue 30: only receives_cash_assistance was read.
- "Homeless youth" means housing_type is homeless, a DHS shelter, an HRA shelter or temporary housing; "runaway youth" is read from is_runaway.
- "Pregnant" means months_pregnant is above 0; "a parent" is read from is_parent.
- The note that Learn & Earn looks at a disabled youth's own income does not change the verdict: having a disability already meets the "one of these" requirement.
- "Have a disability" is read from the derived fact disability (any): disabled, developmental_condition, blind or deaf_or_hearing_loss. Changed in issue 30: only disabled was read, although blindness, deafness and a serious developmental condition are disabilities, so a member with only one of those flags got the other verdict.
- "Household income" is every member's yearly work and investment income, compared with the yearly column; household size is the number of members.
- A member living in a DHS or HRA shelter or in NYCHA housing lives in New York City, whatever place_of_residence says.

Implied conditions (not stated in the source text):
- none
"""
from checkers._common import NYC, NYC_ONLY_HOUSING, TEMPORARY_HOUSING, household_income, table_limit
from checkers.facts import disability, household_receives_snap, temporary_assistance
from eligibench.household import Household, Member

ID = "LearnEarn"

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
        if temporary_assistance(m):
            return True
    if household_receives_snap(hh):
        return True
    return False


def income_within_limit(hh: Household) -> bool:
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
    if m.months_pregnant > 0:
        return True
    if m.is_parent:
        return True
    if disability(m, "any"):
        return True
    if income_within_limit(hh):
        return True
    return False


def member_qualifies(hh: Household, m: Member) -> bool:
    if m.age < 16:
        return False
    if m.age > 21:
        return False
    if not lives_in_nyc(m):
        return False
    if m.current_school_level not in (11, 12):
        return False
    if not m.has_ssn:
        return False
    if not m.authorized_to_work_in_us:
        return False
    if m.is_eligible_for_selective_service:
        if not m.selective_service:
            return False
    if not meets_one_need(hh, m):
        return False
    return True


def check(hh: Household) -> bool:
    for m in hh.members:
        if member_qualifies(hh, m):
            return True
    return False
