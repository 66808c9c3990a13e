"""HEAP Cooling Assistance Benefit.

Readings of ambiguous requirements:
- "You"/"your household" mean anyone in the household; the household is tested as a whole.
- "Eligible for HEAP or already get HEAP" is meeting HEAP's income guideline, the same as the last condition's (SNAP, TA, Code A SSI, or the income table); stated once.
- "Regular HEAP benefit of $21+ and subsidized housing with heat included" adds no one under that reading (benefit amount not modelled); left out.
- "Code A SSI (SSI Living Alone)" is a one-person household receiving SSI.
- "Gross monthly income" is all members' yearly work and investment income / 12; size is the member count; income at the limit qualifies.
- "Documented medical condition exacerbated by extreme heat" is heat_exacerbated_condition; written verification assumed.
- "Satisfactory immigration status" is citizenship lawful_resident; citizens and nationals also qualify.
- "Working air conditioner less than five years old" is ac; any member having one fails.
- HEAP air conditioner "in the last five years": got_heap_ac 1 to 4 fails; 5 or more (or 0 = never) passes.
"""
from checkers._common import household_income, table_limit
from eligibench.household import Household, Member

ID = "CoolingAssistanceBenefit"

# Maximum gross monthly income for household sizes 1 to 13, then each additional person.
MONTHLY_INCOME_LIMITS = (3035, 3970, 4904, 5838, 6772, 7706, 7881, 8056, 8231, 8407, 8582, 8890, 9532)
EACH_ADDITIONAL_PERSON = 642
STATUS_OK = ("citizen_or_national", "lawful_resident")
HEAP_AC_YEARS = 5


def member_receives_qualifying_benefit(m: Member, size: int) -> bool:
    if m.receives_snap:
        return True
    if m.receives_temporary_assistance:
        return True
    if m.receives_ssi:
        if size == 1:
            return True
    return False


def meets_income_guideline(hh: Household) -> bool:
    for m in hh.members:
        if member_receives_qualifying_benefit(m, hh.size):
            return True
    monthly_limit = table_limit(MONTHLY_INCOME_LIMITS, EACH_ADDITIONAL_PERSON, hh.size)
    if household_income(hh) <= monthly_limit * 12:
        return True
    return False


def member_is_vulnerable(m: Member) -> bool:
    if m.heat_exacerbated_condition:
        return True
    if m.age >= 60:
        return True
    if m.age < 6:
        return True
    return False


def has_vulnerable_member(hh: Household) -> bool:
    for m in hh.members:
        if member_is_vulnerable(m):
            return True
    return False


def has_member_with_status(hh: Household) -> bool:
    for m in hh.members:
        if m.citizenship in STATUS_OK:
            return True
    return False


def has_new_working_ac(hh: Household) -> bool:
    for m in hh.members:
        if m.ac:
            return True
    return False


def got_recent_heap_ac(hh: Household) -> bool:
    for m in hh.members:
        if m.got_heap_ac < 1:
            continue
        if m.got_heap_ac < HEAP_AC_YEARS:
            return True
    return False


def check(hh: Household) -> bool:
    if not meets_income_guideline(hh):
        return False
    if not has_vulnerable_member(hh):
        return False
    if not has_member_with_status(hh):
        return False
    if has_new_working_ac(hh):
        return False
    if got_recent_heap_ac(hh):
        return False
    return True
