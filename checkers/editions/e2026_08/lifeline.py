"""Lifeline.

Readings of ambiguous requirements:
- "Someone in your household receives" is any member receiving the benefit.
- "Medicaid" includes Medicaid received because of a disability.
- "Your household income" is every member's yearly work and investment income; household size is the number of members; income equal to the limit qualifies.

Implied conditions (not stated in the source text):
- none
"""
from checkers._common import household_income, table_limit
from eligibench.household import Household, Member

ID = "Lifeline"

# Yearly income limits for household sizes 1 to 8, then each additional person.
INCOME_LIMITS = (21128, 28553, 35978, 43403, 50828, 58253, 65678, 73103)
EACH_ADDITIONAL_PERSON = 7425


def member_in_program(m: Member) -> bool:
    if m.receives_snap:
        return True
    if m.receives_ssi:
        return True
    if m.receives_medicaid:
        return True
    if m.receives_disability_medicaid:
        return True
    if m.receives_fpha:
        return True
    if m.receives_vpsb:
        return True
    return False


def check(hh: Household) -> bool:
    for m in hh.members:
        if member_in_program(m):
            return True
    limit = table_limit(INCOME_LIMITS, EACH_ADDITIONAL_PERSON, hh.size)
    if household_income(hh) <= limit:
        return True
    return False
