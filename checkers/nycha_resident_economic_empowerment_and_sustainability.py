"""NYCHA Resident Economic Empowerment and Sustainability (REES).

Readings of ambiguous requirements:
- "Lives in NYCHA housing" is the member's housing being a NYCHA development.
- The separate rules of the services REES refers people to are not part of REES eligibility.

Implied conditions (not stated in the source text):
- none
"""
from eligibench.household import Household, Member

ID = "NYCHAResidentEconomicEmpowermentAndSustainability"


def member_qualifies(m: Member) -> bool:
    if m.housing_type == "NYCHA development":
        return True
    return False


def check(hh: Household) -> bool:
    for m in hh.members:
        if member_qualifies(m):
            return True
    return False
