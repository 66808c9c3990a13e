"""Cornerstone Programs (community centers in NYCHA developments).

Readings of ambiguous requirements:
- "NYCHA residents" means the member's housing_type is NYCHA development (NYCHA = New York City Housing Authority).
- "Kindergarten-age or older" means 5 years old or older, the age a child starts kindergarten in NYC, or already in kindergarten (current_school_level k). Decided in the second reading 2024 (reader-A): NYC kindergarten takes children who turn 5 in the calendar year, so a 4-year-old in kindergarten is of kindergarten age by any reading and was found not eligible.

Implied conditions (not stated in the source text):
- The member is 5 or older, or in kindergarten. Reason: The source says "kindergarten-age or older"; NYC children start kindergarten in the year they turn 5, so a child in kindergarten is of kindergarten age.
"""
from eligibench.household import Household, Member

ID = "CornerstonePrograms"

KINDERGARTEN_AGE = 5
KINDERGARTEN = "k"


def kindergarten_age_or_older(m: Member) -> bool:
    if m.age >= KINDERGARTEN_AGE:
        return True
    if m.current_school_level == KINDERGARTEN:
        return True  # a 4-year-old already in kindergarten is of kindergarten age (second reading 2024)
    return False


def member_qualifies(m: Member) -> bool:
    if m.housing_type != "NYCHA development":
        return False
    if not kindergarten_age_or_older(m):
        return False
    return True


def check(hh: Household) -> bool:
    for m in hh.members:
        if member_qualifies(m):
            return True
    return False
