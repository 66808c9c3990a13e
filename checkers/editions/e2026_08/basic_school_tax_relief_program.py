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
# ruff: noqa: F821  (the twin's helpers and constants: share_rules, below, defines them here)
from checkers._common import household_income
from checkers.editions.variant import share_rules
from eligibench.household import Household

# Shares the rules of checkers/basic_school_tax_relief_program.py (an owner living in a home of the
# listed kinds, the $500,000 limit); the 2026-08 text counts the household's income instead of the
# owners' and their spouses', so check is replaced (the twin's owners_and_spouses_income goes with it).
TWIN = "checkers.basic_school_tax_relief_program"
ID = "BasicSchoolTaxReliefProgram"


def check(hh: Household) -> bool:
    if not has_resident_owner_of_eligible_home(hh):
        return False
    if household_income(hh) > INCOME_LIMIT:
        return False
    return True


share_rules(globals())
