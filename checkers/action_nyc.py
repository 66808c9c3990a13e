"""ActionNYC.

Readings of ambiguous requirements:
- "All New Yorkers" means place_of_residence is "New York City".
- Immigration status (citizenship) is not tested.
"""
from eligibench.household import Household, Member

ID = "ActionNYC"


def member_qualifies(m: Member) -> bool:
    if m.place_of_residence != "New York City":
        return False
    return True


def check(hh: Household) -> bool:
    for m in hh.members:
        if member_qualifies(m):
            return True
    return False
