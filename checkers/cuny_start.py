"""CUNY Start: low-cost preparation in reading, writing and math for students admitted to CUNY.

Readings of ambiguous requirements:
- "Earned a high school or high school equivalency diploma" means high_school_equivalent is a high school diploma, an HSE diploma or a GED.
- "Completed all CUNY admissions requirements and accepted your offer to CUNY" is read from accepted_to_cuny.
- "Could benefit from extra support in English and/or math based on proficiency scores" means not proficient in math, or not proficient in English reading and writing.
- not modelled: committing to the program's academic schedule and instructional approach; other criteria of specific colleges.

Implied conditions (not stated in the source text):
- none
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
