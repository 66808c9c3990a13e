"""High School (applying to a New York City public high school).

Readings of ambiguous requirements:
- "NYC resident" means the member's place_of_residence is New York City.
- "Currently an 8th-grade student or a first-time 9th-grade student" means current_school_level is 8 or 9.
- not modelled: "first-time" 9th grade; no feature says whether a student is repeating 9th grade, so every current 9th grader counts.
- The list of students welcome to apply (public, charter, private, parochial and homeschooled students, students with disabilities, immigrant families, English learners, temporary housing, LGBTQ and gender nonconforming students, students with children) excludes no one and adds no condition.
- A member living in a DHS or HRA shelter or in NYCHA housing lives in New York City, whatever place_of_residence says.

Implied conditions (not stated in the source text):
- none
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
