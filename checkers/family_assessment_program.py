"""Family Assessment Program (FAP).

Readings of ambiguous requirements:
- "Children up to 18 years old" means a household member under 18, of any relation: FAP is the alternative to a PINS (Person In Need of Supervision) petition, which ends at 18, so an 18-year-old does not count.
- "Struggling to relate to one another" means at least one household member (the child or another member) has struggles_to_relate.
- An open ACS case is not required, so acs is not tested.

Implied conditions (not stated in the source text):
- none
"""
from eligibench.household import Household

ID = "FamilyAssessmentProgram"
# PINS (Person In Need of Supervision) petitions, which FAP replaces, cover children under 18.
CHILD_AGE_BELOW = 18


def has_child_under_18(hh: Household) -> bool:
    for m in hh.members:
        if m.age < CHILD_AGE_BELOW:
            return True
    return False


def family_struggles(hh: Household) -> bool:
    for m in hh.members:
        if m.struggles_to_relate:
            return True
    return False


def check(hh: Household) -> bool:
    if not has_child_under_18(hh):
        return False
    if not family_struggles(hh):
        return False
    return True
