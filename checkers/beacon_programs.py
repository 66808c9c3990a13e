"""Beacon Programs (school-based community centers run by DYCD).

Readings of ambiguous requirements:
- "Ages 5-21" includes ages 5 and 21.
- "Enrolled in school" means current_school_level is anything other than none (pre-K through college).
- "Over 21 years old" means 22 or older; Beacon adult programs count as Beacon Programs, with no school requirement.

Implied conditions (not stated in the source text):
- none
"""
from eligibench.household import Household, Member

ID = "BeaconPrograms"

YOUTH_MIN_AGE = 5
YOUTH_MAX_AGE = 21


def member_qualifies(m: Member) -> bool:
    if m.age > YOUTH_MAX_AGE:
        return True
    if m.age < YOUTH_MIN_AGE:
        return False
    if m.current_school_level == "none":
        return False
    return True


def check(hh: Household) -> bool:
    for m in hh.members:
        if member_qualifies(m):
            return True
    return False
