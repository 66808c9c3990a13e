"""The Early Intervention Program: help for infants and toddlers.

Readings of ambiguous requirements:
- "Your child" is any household member under 3, whatever their relation.
- "Under the age of three (up to two years and 11 months)" excludes age 3: with age in whole years the child is 0, 1 or 2 (2024 said "three years old or younger", which included 3).
- "Live in New York City" is read from place_of_residence.
- Not modelled: "be evaluated" is a step of applying (program staff help choose the evaluating agency), not a fact about the household.
- A member living in a DHS or HRA shelter or in NYCHA housing lives in New York City, whatever place_of_residence says.

Implied conditions (not stated in the source text):
- none
"""
from checkers._common import NYC, NYC_ONLY_HOUSING
from eligibench.household import Household, Member

ID = "TheEarlyInterventionProgram"
AGE_BELOW = 3  # under the age of three


def lives_in_nyc(m: Member) -> bool:
    if m.housing_type in NYC_ONLY_HOUSING:
        return True
    if m.place_of_residence == NYC:
        return True
    return False


def member_qualifies(m: Member) -> bool:
    if not lives_in_nyc(m):
        return False
    if m.age >= AGE_BELOW:
        return False
    return True


def check(hh: Household) -> bool:
    for m in hh.members:
        if member_qualifies(m):
            return True
    return False
