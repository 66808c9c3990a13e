"""Medicaid for Pregnant Women.

Readings of ambiguous requirements:
- The program is for pregnant people (its name, and "include unborn children" in the family size), so the person must be pregnant (months_pregnant above 0).
- "New York State resident" is read as living in New York City (place_of_residence), the only New York location the features record.
- "Family size (include unborn children)" is the number of household members plus one for each pregnant member; not modelled: more than one baby from one pregnancy.
- "Income" is the household's yearly work and investment income; "equal to or below" includes income exactly at the limit.
- A member living in a DHS or HRA shelter or in NYCHA housing lives in New York City, whatever place_of_residence says.

Implied conditions (not stated in the source text):
- none
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
