"""Senior Citizen Homeowners' Exemption (SCHE).

Readings of ambiguous requirements:
- "Owners" are the members who own the property they live in (is_property_owner); the home type is read from each owner's housing_type.
- "One-, two-, or three-family home" is read as either one-family house value of housing_type (the schema has no two- or three-family value).
- A "coop apartment" includes a Section 213 coop: a cooperative under FHA Section 213 is owned by its shareholder-residents. HDFC, Mitchell-Lama, limited dividend and redevelopment company developments can be rentals or cooperatives and the schema does not say which, so they are not read as coop apartments. Decided in the second reading 2024 with the same question for Disabled Homeowners' Exemption and both STAR files (reader-A): the texts say "coop apartment" alike.
- "65 or older" is read from current age and includes 65.
- "Own the property with a spouse or sibling" means every owner is the person answering, their spouse or their sibling, and the owners are spouses or siblings of one another: the person answering owns, or every owner is their sibling (the answerer's spouse and sibling are in-laws, not each other's spouse or sibling); then one owner aged 65 or older is enough.
- "Live on the property as the primary residence" is read from each owner's primary_residence.
- "Combined income for all owners" is the owners' yearly work plus investment income; "less than or equal to" includes the limit.
- "Owned for at least 12 consecutive months" is met when an owner has months_owned_property of 12 or more; "got the exemption on a property owned before" is had_previous_sche on an owner.

Implied conditions (not stated in the source text):
- none
"""
from checkers._common import member_income
from eligibench.household import Household

ID = "SeniorCitizenHomeownersExemption"
HOMES = ("2 bedroom, 1 family house", "4 bedroom, 1 family house", "condo", "cooperative apartment", "Section 213 coop")
FAMILY_CO_OWNERS = ("self", "spouse", "sibling")
SENIOR_AGE = 65
INCOME_LIMIT = 58_399
MIN_MONTHS_OWNED = 12


def owners_age_rule(hh: Household) -> bool:
    owners = 0
    seniors = 0
    family_only = True
    self_owns = False
    spouse_owns = False
    for m in hh.members:
        if not m.is_property_owner:
            continue
        owners += 1
        if m.age >= SENIOR_AGE:
            seniors += 1
        if m.relation not in FAMILY_CO_OWNERS:
            family_only = False
        if m.relation == "self":
            self_owns = True
        if m.relation == "spouse":
            spouse_owns = True
    if seniors == 0:
        return False
    if seniors == owners:
        return True
    if not family_only:
        return False
    if self_owns:
        return True  # every co-owner is the answerer's spouse or sibling
    if spouse_owns:
        return False  # the answerer's spouse and sibling are in-laws, not each other's spouse or sibling
    return True  # the owners are all the answerer's siblings: siblings of one another


def ownership_long_enough(hh: Household) -> bool:
    for m in hh.members:
        if not m.is_property_owner:
            continue
        if m.had_previous_sche:
            return True
        if m.months_owned_property >= MIN_MONTHS_OWNED:
            return True
    return False


def check(hh: Household) -> bool:
    owners = 0
    income = 0
    for m in hh.members:
        if not m.is_property_owner:
            continue
        owners += 1
        if m.housing_type not in HOMES:
            return False
        if not m.primary_residence:
            return False
        income += member_income(m)
    if owners == 0:
        return False
    if not owners_age_rule(hh):
        return False
    if income > INCOME_LIMIT:
        return False
    if not ownership_long_enough(hh):
        return False
    return True
