"""Senior Citizen Homeowners' Exemption (SCHE).

Readings of ambiguous requirements:
- "Owners" are members with is_property_owner; the home type is each owner's housing_type.
- "One-, two-, or three-family home" is either 1 family house value (the schema has no 2-3 family value).
- "65 or older" is current age, including 65.
- "Own with a spouse or sibling" means every owner is self, spouse or sibling; then one owner 65+ is enough.
- "Primary residence" is each owner's primary_residence.
- "Combined income for all owners" is the owners' work plus investment income; "less than or equal to" includes the limit.
- "12 consecutive months" is an owner's months_owned_property of 12 or more; the prior-exemption waiver is had_previous_sche on an owner.
"""
from checkers._common import member_income
from eligibench.household import Household

ID = "SeniorCitizenHomeownersExemption"
HOMES = ("2 bedroom, 1 family house", "4 bedroom, 1 family house", "condo", "cooperative apartment")
FAMILY_CO_OWNERS = ("self", "spouse", "sibling")
SENIOR_AGE = 65
INCOME_LIMIT = 58_399
MIN_MONTHS_OWNED = 12


def owners_age_rule(hh: Household) -> bool:
    owners = 0
    seniors = 0
    family_only = True
    for m in hh.members:
        if not m.is_property_owner:
            continue
        owners += 1
        if m.age >= SENIOR_AGE:
            seniors += 1
        if m.relation not in FAMILY_CO_OWNERS:
            family_only = False
    if seniors == 0:
        return False
    if seniors == owners:
        return True
    if family_only:
        return True
    return False


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
