"""Kindergarten and Elementary School.

Readings of ambiguous requirements:
- "Children born in 2018 are eligible for kindergarten" names no school year; it matches NYC's rule that children start kindergarten in the calendar year they turn 5 (the 2023-2024 school year), so it is read as a child who turns 5 in the calendar year the school year starts; with age in whole years this is a member who is 5 years old.
- "NYC children" means the member's place_of_residence is New York City; any member of that age counts, whatever their relation.
- The source gives a requirement for kindergarten only; no separate elementary-school condition is added.
- A member living in a DHS or HRA shelter or in NYCHA housing lives in New York City, whatever place_of_residence says.

Implied conditions (not stated in the source text):
- The child is 5 years old. Reason: The source says "born in 2018"; NYC children start kindergarten in the calendar year they turn 5, and ages are whole years.
"""
from checkers._common import NYC, NYC_ONLY_HOUSING
from eligibench.household import Household, Member

ID = "KindergartenAndElementarySchool"

KINDERGARTEN_AGE = 5


def lives_in_nyc(m: Member) -> bool:
    if m.housing_type in NYC_ONLY_HOUSING:
        return True
    if m.place_of_residence == NYC:
        return True
    return False


def member_qualifies(m: Member) -> bool:
    if not lives_in_nyc(m):
        return False
    if m.age != KINDERGARTEN_AGE:
        return False
    return True


def check(hh: Household) -> bool:
    for m in hh.members:
        if member_qualifies(m):
            return True
    return False
