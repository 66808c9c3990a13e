"""Comprehensive After School System of NYC (COMPASS).

Readings of ambiguous requirements:
- "NYC students" means the member's place_of_residence is New York City.
- "In kindergarten to 12th grade" means current_school_level is k or a grade from 1 to 12 (not pre-K, college or none).
- not modelled: "each program may have different age and eligibility requirements"; no single program's rules are given.
- A member living in a DHS or HRA shelter or in NYCHA housing lives in New York City, whatever place_of_residence says.

Implied conditions (not stated in the source text):
- none
"""
from checkers._common import NYC, NYC_ONLY_HOUSING
from eligibench.household import Household, Member

ID = "ComprehensiveAfterSchoolSystemOfNYC"

K_TO_12 = ("k", 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12)


def lives_in_nyc(m: Member) -> bool:
    if m.housing_type in NYC_ONLY_HOUSING:
        return True
    if m.place_of_residence == NYC:
        return True
    return False


def member_qualifies(m: Member) -> bool:
    if not lives_in_nyc(m):
        return False
    if m.current_school_level not in K_TO_12:
        return False
    return True


def check(hh: Household) -> bool:
    for m in hh.members:
        if member_qualifies(m):
            return True
    return False
