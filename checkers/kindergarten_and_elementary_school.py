"""Kindergarten and Elementary School.

Readings of ambiguous requirements:
- "Born in 2018" matches NYC's rule that kindergarten starts in the calendar year a child turns 5;
  from whole-year age, the member is 5.
- "NYC children" means place_of_residence is "New York City"; any relation counts.
- Only the kindergarten requirement is given; no separate elementary-school condition is added.
"""
from eligibench.household import Household, Member

ID = "KindergartenAndElementarySchool"

KINDERGARTEN_AGE = 5


def member_qualifies(m: Member) -> bool:
    if m.place_of_residence != "New York City":
        return False
    if m.age != KINDERGARTEN_AGE:
        return False
    return True


def check(hh: Household) -> bool:
    for m in hh.members:
        if member_qualifies(m):
            return True
    return False
