"""Newborn Home Visiting Program: home visits for new parents.

Readings of ambiguous requirements:
- The "parent" is the person answering or their spouse; their children are members whose relation is child, stepchild, foster child or adopted child. A child of the person answering (child, stepchild, foster child or adopted child) who is a parent (is_parent) is a parent too; their children are the members whose relation is grandchild. Decided in the second reading 2024 (reader-B): a grandmother answering for her 17-year-old daughter and the daughter's newborn was found not eligible, though the daughter is a first-time parent of a newborn, the program's obvious target. The schema relates members only to the person answering, so a grandchild is read as the child of the answerer's child who is a parent.
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
# A parent who is the answerer's child: their children are the answerer's grandchildren (second reading 2024).
GRANDCHILD = "grandchild"


def lives_in_nyc(m: Member) -> bool:
    if m.housing_type in NYC_ONLY_HOUSING:
        return True
    if m.place_of_residence == NYC:
        return True
    return False


def is_parent_member(m: Member, young: bool) -> bool:
    if not young:
        if m.relation in PARENT_RELATIONS:
            return True
        return False
    if m.relation not in CHILD_RELATIONS:
        return False
    if not m.is_parent:
        return False
    return True


def is_child_of_parent(m: Member, young: bool) -> bool:
    if not young:
        if m.relation in CHILD_RELATIONS:
            return True
        return False
    if m.relation == GRANDCHILD:
        return True
    return False


def is_baby(m: Member, young: bool) -> bool:
    if not is_child_of_parent(m, young):
        return False
    if m.age != 0:
        return False
    return True


def parent_lives_in_nyc(hh: Household, young: bool) -> bool:
    for m in hh.members:
        if not is_parent_member(m, young):
            continue
        if lives_in_nyc(m):
            return True
    return False


def count_children(hh: Household, young: bool) -> int:
    count = 0
    for m in hh.members:
        if is_child_of_parent(m, young):
            count += 1
    return count


def count_babies(hh: Household, young: bool) -> int:
    count = 0
    for m in hh.members:
        if is_baby(m, young):
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


def special_situation(hh: Household, young: bool) -> bool:
    for m in hh.members:
        if is_parent_member(m, young):
            if parent_in_special_situation(m):
                return True
        if is_baby(m, young):
            if m.acs:
                return True
    return False


def parents_qualify(hh: Household, young: bool) -> bool:
    if not parent_lives_in_nyc(hh, young):
        return False
    if count_babies(hh, young) == 0:
        return False
    if count_children(hh, young) == count_babies(hh, young):
        return True  # first-time parents: every child is a baby
    if special_situation(hh, young):
        return True
    return False


def check(hh: Household) -> bool:
    if parents_qualify(hh, False):
        return True  # the person answering or their spouse
    if parents_qualify(hh, True):
        return True  # a child of the answerer who is a parent, with the grandchildren as their children
    return False
