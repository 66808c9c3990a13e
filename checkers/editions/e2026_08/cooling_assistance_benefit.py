"""HEAP Cooling Assistance Benefit.

Readings of ambiguous requirements:
- "You" and "someone in your household" mean anyone in the household; the household is tested as a whole.
- The 2026 text drops the 2024 condition "eligible for HEAP or already get HEAP" and states the income test as two routes: meeting the income limit, or receiving another benefit.
- "Cash Assistance" is read from receives_cash_assistance or receives_temporary_assistance: New York State Temporary Assistance is the cash assistance the 2024 text named.
- "Code A Supplemental Security Income (SSI Living Alone)" is a one-person household receiving SSI.
- The route "a HEAP Regular Benefit over $21 this program year, or equal to $21 in government-subsidized housing with heat included in the rent" is not modelled: no household fact records receiving a HEAP Regular Benefit or its amount (a known gap of feature schema 1).
- "Gross monthly income" is every member's yearly work and investment income divided by 12; household size is the number of members; income at the limit qualifies.
- "Documented medical condition worsened by extreme heat" is a member with a heat-exacerbated condition; the documentation is assumed.
- "Qualified non-citizen (like a Green Card holder, refugee, asylee, or parolee)" is citizenship lawful_resident; citizens and nationals also meet the rule.
- "Working air conditioner less than five years old" is the ac fact; any member having one fails the condition.
- "Not have received a HEAP-funded air conditioner within the past five years": one received 1 to 4 years ago fails; one received 5 or more years ago does not.

Implied conditions (not stated in the source text):
- none
"""
from checkers._common import household_income, table_limit
from eligibench.household import Household, Member

ID = "CoolingAssistanceBenefit"

# Maximum gross monthly income for household sizes 1 to 13, then each additional person.
MONTHLY_INCOME_LIMITS = (3473, 4542, 5611, 6680, 7749, 8818, 9018, 9218, 9419, 9619, 9820, 10020, 10221)
EACH_ADDITIONAL_PERSON = 687
STATUS_OK = ("citizen_or_national", "lawful_resident")
HEAP_AC_YEARS = 5


def member_receives_qualifying_benefit(m: Member, size: int) -> bool:
    if m.receives_snap:
        return True
    if m.receives_cash_assistance:
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
