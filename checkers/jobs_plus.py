"""Jobs-Plus.

Readings of ambiguous requirements:
- "NYCHA residents" are members whose housing is a NYCHA development.
- "Live in one of the 27 developments served" is the member living in a Jobs-Plus neighborhood.
- "Old enough to work" is read as 18 or older (Jobs-Plus serves working-age adults); a member exactly 18 qualifies.
- All conditions must hold for the same member.

Implied conditions (not stated in the source text):
- The member is 18 or older. Reason: The source says "old enough to work" without an age; Jobs-Plus serves working-age adults.
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
