"""Kindergarten and Elementary School.

Readings of ambiguous requirements:
- "Born in 2018" matches NYC's rule that kindergarten starts in the calendar year a child turns 5;
  from whole-year age, the member is 5.
- "NYC children" means place_of_residence is "New York City"; any relation counts.
- Only the kindergarten requirement is given; no separate elementary-school condition is added.
"""
from checkers._common import NYC, NYC_ONLY_HOUSING
from eligibench.household import Household, Member

ID = "KindergartenAndElementarySchool"

KINDERGARTEN_AGE = 5


def lives_in_nyc(m: Member) -> bool:
    if m.housing_type in NYC_ONLY_HOUSING:
        return True
    if m.place_of_residence == NYC:
        return True
    return False


def member_qualifies(m: Member) -> bool:
    if not lives_in_nyc(m):
        return False
    if m.age != KINDERGARTEN_AGE:
        return False
    return True


def check(hh: Household) -> bool:
    for m in hh.members:
        if member_qualifies(m):
            return True
    return False
