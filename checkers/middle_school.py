"""Middle School (applying to a New York City public middle school).

Readings of ambiguous requirements:
- "New York City resident" means the member's place_of_residence is New York City.
- "Currently a 5th-grade student" means current_school_level is 5.
- not modelled: "or, if different, in your final year of elementary school" (schools whose last elementary grade is not 5th); no feature says which grade ends a child's elementary school.
- The note that current middle school students who want to transfer must visit a Family Welcome Center is advice about transfers and is dropped.
- A member living in a DHS or HRA shelter or in NYCHA housing lives in New York City, whatever place_of_residence says.

Implied conditions (not stated in the source text):
- none
"""
from checkers._common import NYC, NYC_ONLY_HOUSING
from eligibench.household import Household, Member

ID = "MiddleSchool"

LAST_ELEMENTARY_GRADE = 5


def lives_in_nyc(m: Member) -> bool:
    if m.housing_type in NYC_ONLY_HOUSING:
        return True
    if m.place_of_residence == NYC:
        return True
    return False


def member_qualifies(m: Member) -> bool:
    if not lives_in_nyc(m):
        return False
    if m.current_school_level != LAST_ELEMENTARY_GRADE:
        return False
    return True


def check(hh: Household) -> bool:
    for m in hh.members:
        if member_qualifies(m):
            return True
    return False
