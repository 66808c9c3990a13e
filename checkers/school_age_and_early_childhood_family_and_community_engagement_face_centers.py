"""School-Age and Early Childhood Family and Community Engagement (FACE) Centers.

Readings of ambiguous requirements:
- "NYC families who care for a child with disabilities" means the household has a member under 18 who has a disability (the derived fact disability (any): disabled, developmental_condition, blind or deaf_or_hearing_loss) and whose place_of_residence is New York City; any relation counts. Changed in issue 30: only disabled was read, although blindness, deafness and a serious developmental condition are disabilities, so a member with only one of those flags got the other verdict.
- "Trainings are open to everyone" is read as public trainings offered alongside the Centers' services; it does not make every household eligible for the services, so no condition is drawn from it.
- A member living in a DHS or HRA shelter or in NYCHA housing lives in New York City, whatever place_of_residence says.

Implied conditions (not stated in the source text):
- The child with a disability is under 18. Reason: The source says "a child with disabilities" without an age; a child is under 18, the age FACE's school-age and early-childhood services end.
"""
from checkers._common import NYC, NYC_ONLY_HOUSING
from checkers.facts import disability
from eligibench.household import Household, Member

ID = "SchoolAgeAndEarlyChildhoodFamilyAndCommunityEngagementFACECenters"

ADULT_AGE = 18


def lives_in_nyc(m: Member) -> bool:
    if m.housing_type in NYC_ONLY_HOUSING:
        return True
    if m.place_of_residence == NYC:
        return True
    return False


def is_nyc_child_with_disability(m: Member) -> bool:
    if m.age >= ADULT_AGE:
        return False
    if not disability(m, "any"):
        return False
    if not lives_in_nyc(m):
        return False
    return True


def check(hh: Household) -> bool:
    for m in hh.members:
        if is_nyc_child_with_disability(m):
            return True
    return False
