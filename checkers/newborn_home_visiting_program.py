"""Newborn Home Visiting Program: home visits for new parents.

Readings of ambiguous requirements:
- The "parent" is the person answering or their spouse; their children are members whose relation is child, stepchild, foster child or adopted child.
- "First-time parent" is read as a parent whose children in the household are all babies under 1 year old (age 0): one baby, or twins.
- "A baby less than 3 months old" is read as a child aged 0, since ages are whole years; the 3-month limit is not modelled.
- "Lives in one of these neighborhoods" is read as a parent living in New York City (place_of_residence); the specific neighborhoods are not modelled.
- The three situations for a parent of a baby (NYCHA development, ACS help, DHS shelter) are alternatives: any one is enough.
- "Lives in a NYCHA development" and "lives in a DHS shelter" are read from a parent's housing_type; "gets help from ACS" is read from acs on a parent or on the baby.
- A member living in a DHS or HRA shelter or in NYCHA housing lives in New York City, whatever place_of_residence says.

Implied conditions (not stated in the source text):
- none
"""
from checkers._common import CHILD_RELATIONS, NYC, NYC_ONLY_HOUSING
from eligibench.household import Household, Member

ID = "NewbornHomeVisitingProgram"
PARENT_RELATIONS = ("self", "spouse")


def lives_in_nyc(m: Member) -> bool:
    if m.housing_type in NYC_ONLY_HOUSING:
        return True
    if m.place_of_residence == NYC:
        return True
    return False


def is_baby(m: Member) -> bool:
    if m.relation not in CHILD_RELATIONS:
        return False
    if m.age != 0:
        return False
    return True


def parent_lives_in_nyc(hh: Household) -> bool:
    for m in hh.members:
        if m.relation not in PARENT_RELATIONS:
            continue
        if lives_in_nyc(m):
            return True
    return False


def count_children(hh: Household) -> int:
    count = 0
    for m in hh.members:
        if m.relation in CHILD_RELATIONS:
            count += 1
    return count


def count_babies(hh: Household) -> int:
    count = 0
    for m in hh.members:
        if is_baby(m):
            count += 1
    return count


def parent_in_special_situation(m: Member) -> bool:
    if m.housing_type == "NYCHA development":
        return True
    if m.acs:
        return True
    if m.housing_type == "DHS shelter":
        return True
    return False


def special_situation(hh: Household) -> bool:
    for m in hh.members:
        if m.relation in PARENT_RELATIONS:
            if parent_in_special_situation(m):
                return True
        if is_baby(m):
            if m.acs:
                return True
    return False


def check(hh: Household) -> bool:
    if not parent_lives_in_nyc(hh):
        return False
    if count_babies(hh) == 0:
        return False
    if count_children(hh) == count_babies(hh):
        return True  # first-time parents: every child is a baby
    if special_situation(hh):
        return True
    return False
