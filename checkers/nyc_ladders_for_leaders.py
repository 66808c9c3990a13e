"""NYC Ladders for Leaders: paid professional summer internships for high school and college students.

Readings of ambiguous requirements:
- "Live in New York City" is read from place_of_residence being New York City.
- "Enrolled in high school or college" means current_school_level is grade 9, 10, 11, 12 or college.
- "Between 16 - 22 years old" includes ages 16 and 22.
- "Previous work experience (even as a volunteer)" is met by work_or_volunteer_experience or work_experience.
- "Minimum GPA of 3.00" means a GPA of 3.0 or higher.
- not modelled: working papers for members under 18.
- A member living in a DHS or HRA shelter or in NYCHA housing lives in New York City, whatever place_of_residence says.

Implied conditions (not stated in the source text):
- none
"""
from checkers._common import NYC, NYC_ONLY_HOUSING
from eligibench.household import Household, Member

ID = "NYCLaddersForLeaders"

HIGH_SCHOOL_OR_COLLEGE = (9, 10, 11, 12, "college")


def lives_in_nyc(m: Member) -> bool:
    if m.housing_type in NYC_ONLY_HOUSING:
        return True
    if m.place_of_residence == NYC:
        return True
    return False


def has_experience(m: Member) -> bool:
    if m.work_or_volunteer_experience:
        return True
    if m.work_experience:
        return True
    return False


def member_qualifies(m: Member) -> bool:
    if not lives_in_nyc(m):
        return False
    if m.current_school_level not in HIGH_SCHOOL_OR_COLLEGE:
        return False
    if m.age < 16:
        return False
    if m.age > 22:
        return False
    if not has_experience(m):
        return False
    if m.gpa < 3.0:
        return False
    return True


def check(hh: Household) -> bool:
    for m in hh.members:
        if member_qualifies(m):
            return True
    return False
