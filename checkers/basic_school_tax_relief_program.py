"""Basic School Tax Relief Program (Basic STAR), from the "School Tax Relief Program" row.

Readings of ambiguous requirements:
- "Homeowner" means a member who owns the property they live in (is_property_owner).
- "A house" is either one-family house value of housing_type; the home types are read from the owner's housing_type.
- A "cooperative apartment" includes a Section 213 coop: a cooperative under FHA Section 213 is owned by its shareholder-residents, and the text names no exception for it. HDFC, Mitchell-Lama, limited dividend and redevelopment company developments can be rentals or cooperatives and the schema does not say which, so they are not read as cooperative apartments. Decided in the second reading 2024 (reader-A), as the 2026-08 edition reads STAR: a Section 213 co-op owner was found not eligible.
- "Live on the property as their primary residence" is read from the owner's primary_residence.
- "Owners and their spouses who live at the property" means every owner plus, when the person answering or their spouse is an owner, both of them; all household members are taken to live at the property.
- "Total income" is yearly work plus investment income; "or less" includes the limit.
- The $500,000 credit limit is used; the $250,000 exemption can only be restored by past recipients and is not modelled.
- The tax year the income is taken from (two years before the benefit year) is not modelled: current yearly income is used.

Implied conditions (not stated in the source text):
- none
"""
from checkers._common import member_income
from eligibench.household import Household

ID = "BasicSchoolTaxReliefProgram"
STAR_HOMES = (
    "2 bedroom, 1 family house",
    "4 bedroom, 1 family house",
    "condo",
    "cooperative apartment",
    "Section 213 coop",  # a cooperative apartment (second reading 2024)
    "manufactured home",
    "farmhouse",
    "mixed use property",
)
INCOME_LIMIT = 500_000
COUPLE = ("self", "spouse")


def has_resident_owner_of_eligible_home(hh: Household) -> bool:
    for m in hh.members:
        if not m.is_property_owner:
            continue
        if m.housing_type not in STAR_HOMES:
            continue
        if not m.primary_residence:
            continue
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
    if not has_resident_owner_of_eligible_home(hh):
        return False
    if owners_and_spouses_income(hh) > INCOME_LIMIT:
        return False
    return True
