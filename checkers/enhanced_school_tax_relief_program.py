"""Enhanced School Tax Relief Program (Enhanced STAR), from the "School Tax Relief Program" row.

Readings of ambiguous requirements:
- "Owner" is is_property_owner; home types are read from the owner's housing_type ("a house" = either 1 family house value).
- "65 or older as of December 31" is current age 65 or older; turning 65 later in the year is not modelled.
- "Only a married couple" means the owners are exactly two members, both self or spouse; "only siblings" means every owner is self or sibling.
- "Primary residence" is primary_residence.
- "Owners and resident spouses" is every owner, plus self and spouse members when either of them owns; all members live at the property.
- Not modelled: registered domestic partners.
- "Total income" is work plus investment income; "or less" includes the limit; the income tax year is not modelled.
"""
from checkers._common import member_income
from eligibench.household import Household

ID = "EnhancedSchoolTaxReliefProgram"
STAR_HOMES = (
    "2 bedroom, 1 family house",
    "4 bedroom, 1 family house",
    "condo",
    "cooperative apartment",
    "manufactured home",
    "farmhouse",
    "mixed use property",
)
SENIOR_AGE = 65
INCOME_LIMIT = 98_700
COUPLE = ("self", "spouse")
SIBLINGS = ("self", "sibling")


def has_owner_of_eligible_home(hh: Household) -> bool:
    for m in hh.members:
        if not m.is_property_owner:
            continue
        if m.housing_type in STAR_HOMES:
            return True
    return False


def owners_meet_age_rule(hh: Household) -> bool:
    owners = 0
    seniors = 0
    couple = 0
    siblings = 0
    for m in hh.members:
        if not m.is_property_owner:
            continue
        owners += 1
        if m.age >= SENIOR_AGE:
            seniors += 1
        if m.relation in COUPLE:
            couple += 1
        if m.relation in SIBLINGS:
            siblings += 1
    if seniors == 0:
        return False
    if seniors == owners:
        return True
    if owners == 2:
        if couple == 2:
            return True
    if siblings == owners:
        return True
    return False


def has_resident_senior_owner(hh: Household) -> bool:
    for m in hh.members:
        if not m.is_property_owner:
            continue
        if m.age < SENIOR_AGE:
            continue
        if m.primary_residence:
            return True
    return False


def owners_and_spouses_income(hh: Household) -> int:
    couple_owns = False
    for m in hh.members:
        if not m.is_property_owner:
            continue
        if m.relation in COUPLE:
            couple_owns = True
    total = 0
    for m in hh.members:
        if m.is_property_owner:
            total += member_income(m)
            continue
        if couple_owns:
            if m.relation in COUPLE:
                total += member_income(m)
    return total


def check(hh: Household) -> bool:
    if not has_owner_of_eligible_home(hh):
        return False
    if not owners_meet_age_rule(hh):
        return False
    if not has_resident_senior_owner(hh):
        return False
    if owners_and_spouses_income(hh) > INCOME_LIMIT:
        return False
    return True
