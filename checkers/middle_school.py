"""Middle School (applying to a New York City public middle school).

Readings of ambiguous requirements:
- "New York City resident" means place_of_residence is "New York City".
- "Currently a 5th-grade student" means current_school_level is 5.
- Not modelled: "final year of elementary school" where that is not 5th grade.
- The transfer note for current middle school students is advice and is dropped.
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
