"""Family Assessment Program (FAP).

Readings of ambiguous requirements:
- "Children up to 18 years old" means a member aged 18 or younger, of any relation.
- "Struggling to relate to one another" means some member has struggles_to_relate.
- An open ACS case is not required, so acs is not tested.
"""
from eligibench.household import Household

ID = "FamilyAssessmentProgram"


def has_child_up_to_18(hh: Household) -> bool:
    for m in hh.members:
        if m.age <= 18:
            return True
    return False


def family_struggles(hh: Household) -> bool:
    for m in hh.members:
        if m.struggles_to_relate:
            return True
    return False


def check(hh: Household) -> bool:
    if not has_child_up_to_18(hh):
        return False
    if not family_struggles(hh):
        return False
    return True
