"""Cornerstone Programs (community centers in NYCHA developments).

Readings of ambiguous requirements:
- "NYCHA residents" means the member's housing_type is NYCHA development (NYCHA = New York City Housing Authority).
- "Kindergarten-age or older" means 5 years old or older, the age a child starts kindergarten in NYC.

Implied conditions (not stated in the source text):
- The member is 5 or older. Reason: The source says "kindergarten-age or older"; NYC children start kindergarten at 5.
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
