"""NYC Tenant Resource Portal.

Readings of ambiguous requirements:
- "Renter" is a member who pays rent (monthly rent above $0) or whose name is on a lease.
- "Regardless of immigration status": citizenship is not tested.

Implied conditions (not stated in the source text):
- none
"""
from eligibench.household import Household, Member

ID = "NYCTenantResourcePortal"


def member_qualifies(m: Member) -> bool:
    if m.monthly_rent_spending > 0:
        return True
    if m.name_is_on_lease:
        return True
    return False


def check(hh: Household) -> bool:
    for m in hh.members:
        if member_qualifies(m):
            return True
    return False
