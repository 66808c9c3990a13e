"""Jobs-Plus.

Readings of ambiguous requirements:
- "NYCHA residents" are members with housing_type "NYCHA development".
- "Live in one of the 27 developments served" is lives_in_jobs_plus_neighborhood.
- "Old enough to work" is 18 or older; exactly 18 qualifies.
- All conditions must hold for the same member.
"""
from eligibench.household import Household, Member

ID = "JobsPlus"


def member_qualifies(m: Member) -> bool:
    if m.housing_type != "NYCHA development":
        return False
    if not m.lives_in_jobs_plus_neighborhood:
        return False
    if m.age < 18:
        return False
    return True


def check(hh: Household) -> bool:
    for m in hh.members:
        if member_qualifies(m):
            return True
    return False
