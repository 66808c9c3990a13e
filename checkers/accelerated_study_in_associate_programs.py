"""Accelerated Study in Associate Programs (CUNY ASAP): support to finish an associate degree quickly.

Readings of ambiguous requirements:
- "Apply and be accepted to a CUNY college that offers ASAP" is read from accepted_to_cuny.
- "New York City resident or eligible for in-state tuition" is met by place_of_residence being New York City or by eligible_for_instate_tuition.
- "Proficient in Math and/or English (reading and writing)" is met by proficient_in_math or proficient_in_english_reading_and_writing.
- "No more than 15 college credits" includes exactly 15; "minimum GPA of 2.0" includes exactly 2.0.
- not modelled: whether the college offers ASAP, and agreeing to enter a full-time associate degree program in an ASAP-approved major.
- A member living in a DHS or HRA shelter or in NYCHA housing lives in New York City, whatever place_of_residence says.

Implied conditions (not stated in the source text):
- none
"""
from checkers._common import NYC, NYC_ONLY_HOUSING
from eligibench.household import Household, Member

ID = "AcceleratedStudyInAssociatePrograms"


def lives_in_nyc(m: Member) -> bool:
    if m.housing_type in NYC_ONLY_HOUSING:
        return True
    if m.place_of_residence == NYC:
        return True
    return False


def residency_ok(m: Member) -> bool:
    if lives_in_nyc(m):
        return True
    if m.eligible_for_instate_tuition:
        return True
    return False


def proficient(m: Member) -> bool:
    if m.proficient_in_math:
        return True
    if m.proficient_in_english_reading_and_writing:
        return True
    return False


def member_qualifies(m: Member) -> bool:
    if not m.accepted_to_cuny:
        return False
    if not residency_ok(m):
        return False
    if not proficient(m):
        return False
    if m.college_credits > 15:
        return False
    if m.gpa < 2.0:
        return False
    return True


def check(hh: Household) -> bool:
    for m in hh.members:
        if member_qualifies(m):
            return True
    return False
