"""Commodity Supplemental Food Program (CSFP): monthly food packages for older adults.

Readings of ambiguous requirements:
- "60 years old or older" includes age 60.
- "New York State resident" is read as living in New York City (place_of_residence), the only New York location the features record.
- "Household income" is every member's yearly work and investment income; household size is the number of members; "at or below" includes income exactly at the limit.
- A member living in a DHS or HRA shelter or in NYCHA housing lives in New York City, whatever place_of_residence says.

Implied conditions (not stated in the source text):
- none
"""
from checkers._common import NYC, NYC_ONLY_HOUSING, household_income, table_limit
from eligibench.household import Household, Member

ID = "CommoditySupplementalFoodProgram"
MIN_AGE = 60
YEARLY_LIMITS = (23940, 32460, 40980, 49500, 58020, 66540, 75060, 83580)
EXTRA_PER_PERSON = 8520


def lives_in_nyc(m: Member) -> bool:
    if m.housing_type in NYC_ONLY_HOUSING:
        return True
    if m.place_of_residence == NYC:
        return True
    return False


def member_qualifies(m: Member, income: int, limit: int) -> bool:
    if m.age < MIN_AGE:
        return False
    if not lives_in_nyc(m):
        return False
    if income > limit:
        return False
    return True


def check(hh: Household) -> bool:
    income = household_income(hh)
    limit = table_limit(YEARLY_LIMITS, EXTRA_PER_PERSON, hh.size)
    for m in hh.members:
        if member_qualifies(m, income, limit):
            return True
    return False
