"""Cornerstone Programs (community centers in NYCHA developments).

Readings of ambiguous requirements:
- "NYCHA residents" means housing_type is "NYCHA development".
- "Kindergarten-age or older" means age 5 or older.
"""
from eligibench.household import Household, Member

ID = "CornerstonePrograms"

KINDERGARTEN_AGE = 5


def member_qualifies(m: Member) -> bool:
    if m.housing_type != "NYCHA development":
        return False
    if m.age < KINDERGARTEN_AGE:
        return False
    return True


def check(hh: Household) -> bool:
    for m in hh.members:
        if member_qualifies(m):
            return True
    return False
