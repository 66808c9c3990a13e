"""The Early Intervention Program: help for infants and toddlers.

Readings of ambiguous requirements:
- "Your child" is any member aged 3 or younger, whatever their relation; age 3 is included.
- "Live in New York City" means place_of_residence is "New York City".
- Not modelled: "be evaluated" is an application step, not a household fact.
"""
from checkers._common import NYC, NYC_ONLY_HOUSING
from eligibench.household import Household, Member

ID = "TheEarlyInterventionProgram"
MAX_AGE = 3


def lives_in_nyc(m: Member) -> bool:
    if m.housing_type in NYC_ONLY_HOUSING:
        return True
    if m.place_of_residence == NYC:
        return True
    return False


def member_qualifies(m: Member) -> bool:
    if not lives_in_nyc(m):
        return False
    if m.age > MAX_AGE:
        return False
    return True


def check(hh: Household) -> bool:
    for m in hh.members:
        if member_qualifies(m):
            return True
    return False
