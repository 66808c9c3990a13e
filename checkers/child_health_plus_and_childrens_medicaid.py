"""Child Health Plus and Children's Medicaid: health insurance for children.

Readings of ambiguous requirements:
- "Your child" is any member under 19, whatever their relation.
- "Resident of New York State" means place_of_residence is "New York City".
- Either program is enough: Child Health Plus needs no other health insurance (health_insurance false); Children's Medicaid is read from eligible_for_medicaid or receives_medicaid.
- Not modelled: the family income charts (not given in the source).
"""
from checkers._common import NYC, NYC_ONLY_HOUSING
from eligibench.household import Household, Member

ID = "ChildHealthPlusAndChildrensMedicaid"
AGE_LIMIT = 19  # under 19


def lives_in_nyc(m: Member) -> bool:
    if m.housing_type in NYC_ONLY_HOUSING:
        return True
    if m.place_of_residence == NYC:
        return True
    return False


def member_qualifies(m: Member) -> bool:
    if m.age >= AGE_LIMIT:
        return False
    if not lives_in_nyc(m):
        return False
    if not m.health_insurance:
        return True  # Child Health Plus
    if m.eligible_for_medicaid:
        return True  # Children's Medicaid
    if m.receives_medicaid:
        return True  # Children's Medicaid
    return False


def check(hh: Household) -> bool:
    for m in hh.members:
        if member_qualifies(m):
            return True
    return False
