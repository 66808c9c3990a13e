"""Summer Youth Employment Program (SYEP): paid summer jobs for young New Yorkers.

Readings of ambiguous requirements:
- "Live in New York City" is read from place_of_residence being New York City.
- "14-24 years old" includes ages 14 and 24.
- A member living in a DHS or HRA shelter or in NYCHA housing lives in New York City, whatever place_of_residence says.

Implied conditions (not stated in the source text):
- none
"""
from checkers._common import NYC, NYC_ONLY_HOUSING
from eligibench.household import Household, Member

ID = "SummerYouthEmploymentProgram"


def lives_in_nyc(m: Member) -> bool:
    if m.housing_type in NYC_ONLY_HOUSING:
        return True
    if m.place_of_residence == NYC:
        return True
    return False


def member_qualifies(m: Member) -> bool:
    if not lives_in_nyc(m):
        return False
    if m.age < 14:
        return False
    if m.age > 24:
        return False
    return True


def check(hh: Household) -> bool:
    for m in hh.members:
        if member_qualifies(m):
            return True
    return False
