"""Disabled Homeowners' Exemption (DHE).

Readings of ambiguous requirements:
- "Owners" are the members who own the property they live in (is_property_owner); the home type is read from each owner's housing_type.
- "One-, two-, or three-family home" is read as either one-family house value of housing_type (the schema has no two- or three-family value).
- A "coop apartment" includes a Section 213 coop: a cooperative under FHA Section 213 is owned by its shareholder-residents and is not among the developments the text excludes. Decided in the second reading 2024 (reader-A), the same reading as both STAR files and Senior Citizen Homeowners' Exemption: a disabled Section 213 co-op owner was found not eligible.
- "People with disabilities" is read from the derived fact disability (any): disabled, developmental_condition, blind or deaf_or_hearing_loss. Changed in issue 30: only disabled was read, although blindness, deafness and a serious developmental condition are disabilities, so a member with only one of those flags got the other verdict.
- "Own the property with a spouse or sibling" means every owner is the person answering, their spouse or their sibling, and the owners are spouses or siblings of one another: the person answering owns, or every owner is their sibling (the answerer's spouse and sibling are in-laws, not each other's spouse or sibling); then one owner with a disability is enough. Changed in issue 30 (second reading 2024-a), as in Senior Citizen Homeowners' Exemption: an answerer's spouse and sibling owning together were let off with one disability.
- "You must live on the property as your primary residence" means at least one owner with a disability has the home as their primary residence.
- "Combined income for all owners" is the owners' yearly work plus investment income; "less than or equal to" includes the limit.
- "May be eligible" for a Housing Development Fund Corporation (HDFC) development is read as qualifying; not modelled: membership in the Division of Alternative Management Program (left out of the requirements).
- not modelled: developments controlled by a Limited Profit Housing Company (no housing_type value; left out of the requirements). Mitchell-Lama, Limited Dividend and redevelopment company developments are excluded.

Implied conditions (not stated in the source text):
- none
"""
from checkers._common import member_income
from checkers.facts import disability
from eligibench.household import Household

ID = "DisabledHomeownersExemption"
HOMES = (
    "2 bedroom, 1 family house",
    "4 bedroom, 1 family house",
    "condo",
    "cooperative apartment",
    "Section 213 coop",  # a cooperative apartment (second reading 2024)
    "Housing Development Fund Corporation (HDFC) development",
)
EXCLUDED_DEVELOPMENTS = (
    "mitchell-lama development",
    "limited dividend development",
    "redevelopment company development",
)
FAMILY_CO_OWNERS = ("self", "spouse", "sibling")
INCOME_LIMIT = 58_399


def owners_disability_rule(hh: Household) -> bool:
    owners = 0
    disabled = 0
    family_only = True
    self_owns = False
    spouse_owns = False
    for m in hh.members:
        if not m.is_property_owner:
            continue
        owners += 1
        if disability(m, "any"):
            disabled += 1
        if m.relation not in FAMILY_CO_OWNERS:
            family_only = False
        if m.relation == "self":
            self_owns = True
        if m.relation == "spouse":
            spouse_owns = True
    if disabled == 0:
        return False
    if disabled == owners:
        return True
    if not family_only:
        return False
    if self_owns:
        return True  # every co-owner is the answerer's spouse or sibling
    if spouse_owns:
        return False  # the answerer's spouse and sibling are in-laws, not each other's spouse or sibling
    return True  # the owners are all the answerer's siblings: siblings of one another


def disabled_owner_lives_there(hh: Household) -> bool:
    for m in hh.members:
        if not m.is_property_owner:
            continue
        if not disability(m, "any"):
            continue
        if m.primary_residence:
            return True
    return False


def check(hh: Household) -> bool:
    owners = 0
    income = 0
    for m in hh.members:
        if not m.is_property_owner:
            continue
        owners += 1
        if m.housing_type in EXCLUDED_DEVELOPMENTS:
            return False
        if m.housing_type not in HOMES:
            return False
        income += member_income(m)
    if owners == 0:
        return False
    if not owners_disability_rule(hh):
        return False
    if not disabled_owner_lives_there(hh):
        return False
    if income > INCOME_LIMIT:
        return False
    return True
