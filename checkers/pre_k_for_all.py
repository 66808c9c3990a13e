"""Pre-K for All.

Readings of ambiguous requirements:
- "Born in 2020, for the 2024-2025 school year" means turning 4 in the calendar year the school
  year starts; from whole-year age, the member is 4.
- "NYC children" means place_of_residence is "New York City"; any relation counts.
- Disability, learning English and toilet training exclude no one; no condition is drawn from them.
"""
from checkers._common import NYC, NYC_ONLY_HOUSING
from eligibench.household import Household, Member

ID = "PreKForAll"

PRE_K_AGE = 4


def lives_in_nyc(m: Member) -> bool:
    if m.housing_type in NYC_ONLY_HOUSING:
        return True
    if m.place_of_residence == NYC:
        return True
    return False


def member_qualifies(m: Member) -> bool:
    if not lives_in_nyc(m):
        return False
    if m.age != PRE_K_AGE:
        return False
    return True


def check(hh: Household) -> bool:
    for m in hh.members:
        if member_qualifies(m):
            return True
    return False
