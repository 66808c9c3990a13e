"""HEAP Cooling Assistance Benefit.

Readings of ambiguous requirements:
- "You" and "your household" mean anyone in the household; the household is tested as a whole.
- "Eligible for HEAP or already get HEAP" is read as meeting HEAP's income guideline, which is the same as the last condition's: receiving SNAP, Temporary Assistance or Code A SSI, or gross monthly income within the table. The two conditions are therefore stated once. Temporary Assistance includes HRA Cash Assistance: the derived fact temporary_assistance reads receives_temporary_assistance or receives_cash_assistance, because HRA Cash Assistance is New York State Temporary Assistance as HRA runs it in NYC (the two flags name one program). SNAP is a household benefit (household_receives_snap). Changed in issue 30: only receives_temporary_assistance was read, so a household with only the cash assistance flag was missed.
- The option "getting a Regular HEAP benefit of $21 or more and living in subsidized housing with heat included in the rent" adds no one under that reading (the benefit amount is not modelled) and is left out.
- "Code A Supplemental Security Income (SSI Living Alone)" is a one-person household receiving SSI.
- "Gross monthly income" is every member's yearly work and investment income divided by 12; household size is the number of members; income at the limit qualifies.
- "Documented medical condition exacerbated by extreme heat" is a member with a heat-exacerbated condition; the written verification is assumed.
- "Satisfactory immigration status" is citizenship lawful_resident; citizens and nationals also meet the rule.
- "Working air conditioner less than five years old" is the ac fact; any member having one fails the condition.
- "Did not get a HEAP-funded air conditioner in the last five years": one received 1 to 4 years ago fails; one received 5 or more years ago (at least five years old) does not. Decided in the third reading (both editions, one shared rule): got_heap_ac counts whole years since the air conditioner was received, so 5 means five full years ago: outside "the last five years", and the same unit is "at least five years old", which the text's own air-conditioner condition accepts; 4 means within the five years.

Implied conditions (not stated in the source text):
- none
"""
from checkers._common import household_income, table_limit
from checkers.facts import household_receives_snap, temporary_assistance
from eligibench.household import Household, Member

ID = "CoolingAssistanceBenefit"

# Maximum gross monthly income for household sizes 1 to 13, then each additional person.
MONTHLY_INCOME_LIMITS = (3035, 3970, 4904, 5838, 6772, 7706, 7881, 8056, 8231, 8407, 8582, 8890, 9532)
EACH_ADDITIONAL_PERSON = 642
STATUS_OK = ("citizen_or_national", "lawful_resident")
HEAP_AC_YEARS = 5


def member_receives_qualifying_benefit(m: Member, size: int) -> bool:
    if temporary_assistance(m):
        return True
    if m.receives_ssi:
        if size == 1:
            return True
    return False


def meets_income_guideline(hh: Household) -> bool:
    if household_receives_snap(hh):
        return True
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
