"""High School (applying to a New York City public high school).

Readings of ambiguous requirements:
- "NYC resident" means place_of_residence is "New York City".
- "8th-grade or first-time 9th-grade student" means current_school_level is 8 or 9.
- Not modelled: "first-time" 9th grade; every current 9th grader counts.
- The list of students welcome to apply excludes no one and adds no condition.
"""
from checkers._common import NYC, NYC_ONLY_HOUSING
from eligibench.household import Household, Member

ID = "HighSchool"


def lives_in_nyc(m: Member) -> bool:
    if m.housing_type in NYC_ONLY_HOUSING:
        return True
    if m.place_of_residence == NYC:
        return True
    return False


def in_application_grade(m: Member) -> bool:
    if m.current_school_level == 8:
        return True
    if m.current_school_level == 9:
        return True
    return False


def member_qualifies(m: Member) -> bool:
    if not lives_in_nyc(m):
        return False
    if not in_application_grade(m):
        return False
    return True


def check(hh: Household) -> bool:
    for m in hh.members:
        if member_qualifies(m):
            return True
    return False
