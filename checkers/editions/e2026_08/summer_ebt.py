"""Summer EBT.

Readings of ambiguous requirements:
- "Kids between ages 6 to 16" includes 6 and 16; automatic approval is for such a member who is enrolled in one of the listed programs themselves (their own receives_snap, receives_cash_assistance or receives_temporary_assistance, receives_medicaid or receives_disability_medicaid, receives_free_or_reduced_lunch).
- "Cash assistance" is receives_cash_assistance or New York State Temporary Assistance (receives_temporary_assistance).
- "Most eligible kids ... are approved automatically" and "you can apply if" are both read as qualifying: the benchmark asks who is eligible, not how they are enrolled.
- "Your child attends a school in the National School Lunch Program" is any member with attends_nslp_school (pre-K to grade 12 by the consistency rules), whatever the age.
- "Your household income is at or below the monthly limits" is every member's yearly work and investment income compared with 12 times the monthly limit; household size is the number of members.

Implied conditions (not stated in the source text):
- none
"""
from checkers._common import household_income, table_limit
from eligibench.household import Household, Member

ID = "SummerEBT"
MIN_AGE = 6
MAX_AGE = 16
# Maximum monthly income (2026) for household sizes 1 to 8, then each additional person.
MONTHLY_LIMITS = (2461, 3337, 4212, 5088, 5964, 6839, 7715, 8591)
MONTHLY_EXTRA_PER_PERSON = 876


def enrolled_in_listed_program(m: Member) -> bool:
    if m.receives_snap:
        return True
    if m.receives_cash_assistance:
        return True
    if m.receives_temporary_assistance:
        return True
    if m.receives_medicaid:
        return True
    if m.receives_disability_medicaid:
        return True
    if m.receives_free_or_reduced_lunch:
        return True
    return False


def approved_automatically(m: Member) -> bool:
    if m.age < MIN_AGE:
        return False
    if m.age > MAX_AGE:
        return False
    if enrolled_in_listed_program(m):
        return True
    return False


def check(hh: Household) -> bool:
    for m in hh.members:
        if approved_automatically(m):
            return True
    yearly_limit = 12 * table_limit(MONTHLY_LIMITS, MONTHLY_EXTRA_PER_PERSON, hh.size)
    for m in hh.members:
        if m.attends_nslp_school:
            if household_income(hh) <= yearly_limit:
                return True
    return False
