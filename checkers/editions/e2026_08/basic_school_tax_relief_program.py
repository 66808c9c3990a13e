"""Basic School Tax Relief Program (Basic STAR), from the "School Tax Relief Program" row.

Readings of ambiguous requirements:
- "You" is any member of the household: the household qualifies when one member owns their home and lives in it as their primary residence.
- "Own your home" is read from is_property_owner (owns the property they live in) together with the owner's housing_type: the home must be a kind of home a person owns, a house (either one-family house value), a condo, a cooperative apartment (a Section 213 coop is one), a manufactured home, a farmhouse or a mixed-use property. The 2026-08 text no longer lists home types (the 2024 text did, without Section 213 coops); the schema lets is_property_owner stand beside any housing_type, and an owner recorded as homeless, in a shelter or temporary housing, or renting (rent stabilized or controlled, rent regulated hotel or SRO, NYCHA, Section 8) does not own their home.
- HDFC, Mitchell-Lama, limited dividend and redevelopment company developments can be rentals or cooperatives and the schema does not say which, so they are not read as owned homes.
- "Live in it as your primary residence" is read from the same owner's primary_residence.
- "Combined household income" is every member's yearly work and investment income added together; "or less" includes the limit. The 2024 text counted only the owners and their resident spouses; the 2026-08 text says combined household income and does not narrow it.
- The tax year the income is taken from (the return from two years before the benefit year) is not modelled: current yearly income is used.
- not modelled: the "additional eligibility details for married couples, surviving spouses, and other special cases" the text links to are not part of the text.

Implied conditions (not stated in the source text):
- none
"""
from checkers._common import household_income
from eligibench.household import Household

ID = "BasicSchoolTaxReliefProgram"
# "Own your home": the kinds of home a person owns (a rental, shelter or temporary housing is not one)
OWNED_HOMES = (
    "2 bedroom, 1 family house",
    "4 bedroom, 1 family house",
    "condo",
    "cooperative apartment",
    "Section 213 coop",
    "manufactured home",
    "farmhouse",
    "mixed use property",
)
INCOME_LIMIT = 500_000


def has_resident_owner(hh: Household) -> bool:
    for m in hh.members:
        if not m.is_property_owner:
            continue
        if m.housing_type not in OWNED_HOMES:
            continue
        if not m.primary_residence:
            continue
        return True
    return False


def check(hh: Household) -> bool:
    if not has_resident_owner(hh):
        return False
    if household_income(hh) > INCOME_LIMIT:
        return False
    return True
