"""Career and Technical Education (CTE): NYC public high schools and programs with career training.

Readings of ambiguous requirements:
- "New York City resident" is read from place_of_residence being New York City.
- "8th-grade student or first-time 9th-grade student" means current_school_level is 8 or 9.
- not modelled: whether a 9th-grade student is in 9th grade for the first time (every 9th grader is treated as a first-time 9th grader).
- A member living in a DHS or HRA shelter or in NYCHA housing lives in New York City, whatever place_of_residence says.

Implied conditions (not stated in the source text):
- none
"""
from checkers._common import NYC, NYC_ONLY_HOUSING
from eligibench.household import Household, Member

ID = "CareerAndTechnicalEducation"


def lives_in_nyc(m: Member) -> bool:
    if m.housing_type in NYC_ONLY_HOUSING:
        return True
    if m.place_of_residence == NYC:
        return True
    return False


def member_qualifies(m: Member) -> bool:
    if not lives_in_nyc(m):
        return False
    if m.current_school_level not in (8, 9):
        return False
    return True


def check(hh: Household) -> bool:
    for m in hh.members:
        if member_qualifies(m):
            return True
    return False
