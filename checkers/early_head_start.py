"""Early Head Start (the Early Head Start part of NYC's "Infants and Toddlers" row).

Readings of ambiguous requirements:
- "You" and "your family" mean any member of the household.
- "Live in temporary housing" means a member's housing_type is homeless, DHS shelter, HRA shelter or temporary housing.
- "Receive HRA Cash Assistance" is read from Temporary Assistance includes HRA Cash Assistance: the derived fact temporary_assistance reads receives_temporary_assistance or receives_cash_assistance, because HRA Cash Assistance is New York State Temporary Assistance as HRA runs it in NYC (the two flags name one program). Changed in issue 30: only receives_cash_assistance was read, so a family with only the Temporary Assistance flag was missed.
- "Enrolling a child who is in foster care" means a member under 3 (the child being enrolled) is in foster care; an older member in foster care does not make another child eligible.
- "Household income" is every member's yearly work and investment income; household size is the number of members.
- "At or below" includes the table amount itself.

Implied conditions (not stated in the source text):
- A member of the household is under 3 years old, or a member is pregnant. Reason: Early Head Start enrolls infants and toddlers under 3 (the federal definition) and expectant parents; the NYC row is titled "Infants and Toddlers".
"""
from checkers._common import TEMPORARY_HOUSING, household_income, table_limit
from checkers.facts import temporary_assistance
from eligibench.household import Household, Member

ID = "EarlyHeadStart"

# Early Head Start serves children under 3 (a 3-year-old moves on to Head Start).
CHILD_AGE_BELOW = 3

# Yearly income limits by household size 1..8, plus the amount for each additional person.
INCOME_LIMITS = (14580, 19720, 24860, 30000, 35140, 40280, 45420, 50560)
EXTRA_PER_PERSON = 5140


def is_enrolled_child_in_foster_care(m: Member) -> bool:
    if not m.in_foster_care:
        return False
    if m.age >= CHILD_AGE_BELOW:
        return False
    return True


def member_meets_category(m: Member) -> bool:
    if m.housing_type in TEMPORARY_HOUSING:
        return True
    if temporary_assistance(m):
        return True
    if m.receives_ssi:
        return True
    if is_enrolled_child_in_foster_care(m):
        return True
    return False


def has_infant_or_pregnancy(hh: Household) -> bool:
    for m in hh.members:
        if m.age < CHILD_AGE_BELOW:
            return True
        if m.months_pregnant > 0:
            return True
    return False


def check(hh: Household) -> bool:
    if not has_infant_or_pregnancy(hh):
        return False
    for m in hh.members:
        if member_meets_category(m):
            return True
    limit = table_limit(INCOME_LIMITS, EXTRA_PER_PERSON, hh.size)
    if household_income(hh) <= limit:
        return True
    return False
