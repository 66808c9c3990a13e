"""Enhanced School Tax Relief Program (Enhanced STAR), from the "School Tax Relief Program" row.

Readings of ambiguous requirements:
- "Homeowner" and "owner" mean a member who owns the property they live in (is_property_owner).
- "A house" is either one-family house value of housing_type; the home types are read from the owner's housing_type.
- A "cooperative apartment" includes a Section 213 coop: a cooperative under FHA Section 213 is owned by its shareholder-residents, and the text names no exception for it. HDFC, Mitchell-Lama, limited dividend and redevelopment company developments can be rentals or cooperatives and the schema does not say which, so they are not read as cooperative apartments. Decided in the second reading 2024 (reader-A), as the 2026-08 edition reads STAR: a Section 213 co-op owner was found not eligible.
- "65 or older as of December 31 of the exemption year" is read from current age, 65 or older; not modelled: turning 65 later in the exemption year (the age features give whole years only).
- "Jointly owned by only a married couple" means the only owners are the person answering and their spouse; "only siblings" means every owner is the person answering or their sibling.
- "Live on the property as their primary residence" is read from primary_residence.
- "All owners and resident spouses" means every owner plus, when the person answering or their spouse is an owner, both of them; all household members are taken to live at the property.
- not modelled: registered domestic partners (the schema has no such relation).
- "Total income" is yearly work plus investment income; "or less" includes the limit; the tax year the income is taken from is not modelled.

Implied conditions (not stated in the source text):
- none
"""
# ruff: noqa: F821  (the twin's helpers and constants: share_rules, below, defines them here)
from checkers.editions import share_rules
from eligibench.household import Household

# Shares the rules of checkers/basic_school_tax_relief_program.py (Basic STAR: the homes, the owners' and
# spouses' income); Enhanced STAR adds the owners' age rule and a resident senior owner, and its own
# income limit, so check is replaced (Basic STAR's resident-owner test, which only its check read, is
# dropped: a senior owner living there is read by has_resident_senior_owner).
TWIN = "checkers.basic_school_tax_relief_program"
ID = "EnhancedSchoolTaxReliefProgram"
SENIOR_AGE = 65
INCOME_LIMIT = 98_700
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


share_rules(globals())
