"""Workforce1 Career Centers: free job search help, training and recruitment for New Yorkers.

Readings of ambiguous requirements:
- "Live in New York City" is read from place_of_residence being New York City.
- "18 or older" includes age 18.
- "Legally authorized to work in the U.S." is read from authorized_to_work_in_us.
- A member living in a DHS or HRA shelter or in NYCHA housing lives in New York City, whatever place_of_residence says.

Implied conditions (not stated in the source text):
- none
"""
from checkers._common import NYC, NYC_ONLY_HOUSING
from eligibench.household import Household, Member

ID = "WorkforceoneCareerCenters"


def lives_in_nyc(m: Member) -> bool:
    if m.housing_type in NYC_ONLY_HOUSING:
        return True
    if m.place_of_residence == NYC:
        return True
    return False


def member_qualifies(m: Member) -> bool:
    if not lives_in_nyc(m):
        return False
    if m.age < 18:
        return False
    if not m.authorized_to_work_in_us:
        return False
    return True


def check(hh: Household) -> bool:
    for m in hh.members:
        if member_qualifies(m):
            return True
    return False
