"""Big Apple Connect.

Readings of ambiguous requirements:
- "Live in any of these NYCHA developments" is read as living in a NYCHA development.
- not modelled: which NYCHA developments are on the participating list.

Implied conditions (not stated in the source text):
- none
"""
from eligibench.household import Household, Member

ID = "BigAppleConnect"


def member_qualifies(m: Member) -> bool:
    if m.housing_type == "NYCHA development":
        return True
    return False


def check(hh: Household) -> bool:
    for m in hh.members:
        if member_qualifies(m):
            return True
    return False
