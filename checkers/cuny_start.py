"""CUNY Start: low-cost preparation in reading, writing and math for students admitted to CUNY.

Readings of ambiguous requirements:
- "High school or high school equivalency diploma" means high_school_equivalent is not "no high school diploma equivalent".
- "Completed CUNY admissions requirements and accepted the offer" is accepted_to_cuny.
- "Could benefit from extra support in English and/or math" means not proficient_in_math or not proficient_in_english_reading_and_writing.
- not modelled: committing to the schedule and approach; other criteria of specific colleges.
"""
from eligibench.household import Household, Member

ID = "CUNYStart"


def needs_support(m: Member) -> bool:
    if not m.proficient_in_math:
        return True
    if not m.proficient_in_english_reading_and_writing:
        return True
    return False


def member_qualifies(m: Member) -> bool:
    if m.high_school_equivalent == "no high school diploma equivalent":
        return False
    if not m.accepted_to_cuny:
        return False
    if not needs_support(m):
        return False
    return True


def check(hh: Household) -> bool:
    for m in hh.members:
        if member_qualifies(m):
            return True
    return False
