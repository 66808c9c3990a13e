"""Veterans Affairs Supported Housing (HUD-VASH).

Readings of ambiguous requirements:
- "Eligible for VA health care" is the member's va_healthcare fact.
- "Homeless" means the member's housing is homeless, a DHS (Department of Homeless Services) shelter, an HRA shelter, or temporary housing.
- Both conditions must hold for the same member.
- not modelled: "income within the program guidelines" (the source gives no guidelines).
- not modelled: willingness to receive VA case management.

Implied conditions (not stated in the source text):
- none
"""
from checkers._common import TEMPORARY_HOUSING
from eligibench.household import Household, Member

ID = "VeteransAffairsSupportedHousing"


def member_qualifies(m: Member) -> bool:
    if not m.va_healthcare:
        return False
    if m.housing_type not in TEMPORARY_HOUSING:
        return False
    return True


def check(hh: Household) -> bool:
    for m in hh.members:
        if member_qualifies(m):
            return True
    return False
