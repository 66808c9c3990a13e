"""Advance & Earn: high school equivalency prep, job training and paid work for young adults.

Readings of ambiguous requirements:
- "Resident of NYC" is read from place_of_residence being New York City.
- "16-24 years old" includes ages 16 and 24.
- "Not attending school (you have not graduated high school, you do not have a high school equivalency diploma)" means current_school_level is none and high_school_equivalent is "no high school diploma equivalent".
- "Not working" means working 0 hours a week (work_hours_per_week is 0).
- "Legally authorized to work in New York City" is read from work_authorization.
- not modelled: willingness to commit six months to the program.
- A member living in a DHS or HRA shelter or in NYCHA housing lives in New York City, whatever place_of_residence says.

Implied conditions (not stated in the source text):
- none
"""
from checkers._common import NYC, NYC_ONLY_HOUSING
from eligibench.household import Household, Member

ID = "AdvanceEarn"


def lives_in_nyc(m: Member) -> bool:
    if m.housing_type in NYC_ONLY_HOUSING:
        return True
    if m.place_of_residence == NYC:
        return True
    return False


def member_qualifies(m: Member) -> bool:
    if not lives_in_nyc(m):
        return False
    if m.age < 16:
        return False
    if m.age > 24:
        return False
    if m.current_school_level != "none":
        return False
    if m.high_school_equivalent != "no high school diploma equivalent":
        return False
    if m.work_hours_per_week > 0:
        return False
    if not m.work_authorization:
        return False
    return True


def check(hh: Household) -> bool:
    for m in hh.members:
        if member_qualifies(m):
            return True
    return False
