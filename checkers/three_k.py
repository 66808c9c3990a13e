"""3-K (free early education for three-year-olds).

Readings of ambiguous requirements:
- "Born in 2021, for the 2024-2025 school year" means turning 3 in the calendar year the school
  year starts; from whole-year age, the member is 3.
- "New York City families with children" means the child's place_of_residence is "New York City";
  any relation counts.
- Disability, learning English and toilet training exclude no one; no condition is drawn from them.
"""
from checkers._common import NYC, NYC_ONLY_HOUSING
from eligibench.household import Household, Member

ID = "ThreeK"

THREE_K_AGE = 3


def lives_in_nyc(m: Member) -> bool:
    if m.housing_type in NYC_ONLY_HOUSING:
        return True
    if m.place_of_residence == NYC:
        return True
    return False


def member_qualifies(m: Member) -> bool:
    if not lives_in_nyc(m):
        return False
    if m.age != THREE_K_AGE:
        return False
    return True


def check(hh: Household) -> bool:
    for m in hh.members:
        if member_qualifies(m):
            return True
    return False
