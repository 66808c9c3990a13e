"""Summer Meals (free meals for young people in the summer).

Readings of ambiguous requirements:
- "Age 18 or younger" includes a member who is exactly 18.

Implied conditions (not stated in the source text):
- none
"""
from eligibench.household import Household, Member

ID = "SummerMeals"

MAX_AGE = 18


def member_qualifies(m: Member) -> bool:
    if m.age > MAX_AGE:
        return False
    return True


def check(hh: Household) -> bool:
    for m in hh.members:
        if member_qualifies(m):
            return True
    return False
