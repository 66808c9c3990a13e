"""Medicaid for Pregnant Women.

Readings of ambiguous requirements:
- The person must be pregnant (months_pregnant above 0): the program's name and "include unborn children".
- "New York State resident" means place_of_residence is "New York City".
- Family size is the number of members plus one per pregnant member; multiple babies per pregnancy are not modelled.
- Income is household yearly work and investment income; "equal to or below" includes the limit.
"""
from checkers._common import NYC, NYC_ONLY_HOUSING, household_income, table_limit
from eligibench.household import Household, Member

ID = "MedicaidForPregnantWomen"
YEARLY_LIMITS = (33584, 45581, 57579, 69576, 81573, 93571, 105568, 117566)
EXTRA_PER_PERSON = 11997


def lives_in_nyc(m: Member) -> bool:
    if m.housing_type in NYC_ONLY_HOUSING:
        return True
    if m.place_of_residence == NYC:
        return True
    return False


def family_size(hh: Household) -> int:
    size = hh.size
    for m in hh.members:
        if m.months_pregnant > 0:
            size += 1  # the unborn baby
    return size


def member_qualifies(m: Member, income: int, limit: int) -> bool:
    if m.months_pregnant == 0:
        return False
    if not lives_in_nyc(m):
        return False
    if income > limit:
        return False
    return True


def check(hh: Household) -> bool:
    income = household_income(hh)
    limit = table_limit(YEARLY_LIMITS, EXTRA_PER_PERSON, family_size(hh))
    for m in hh.members:
        if member_qualifies(m, income, limit):
            return True
    return False
