"""3-K (free early education for three-year-olds).

Readings of ambiguous requirements:
- "Children born in 2023 can apply for the upcoming school year" (2026-2027 in the 2026-08 pull) is read relative to the school year: a child who turns 3 in the calendar year the school year starts; with age in whole years this is a member who is 3 years old.
- "New York City families with children" means the child's place_of_residence is New York City; any member of that age counts, whatever their relation.
- Disability, learning English and toilet training are named only to say they do not exclude anyone; no condition is drawn from them.
- A member living in a DHS or HRA shelter or in NYCHA housing lives in New York City, whatever place_of_residence says.

Implied conditions (not stated in the source text):
- The child is 3 years old. Reason: The source says "born in 2023" for the upcoming (2026-2027) school year: a child who turns 3 in the calendar year the school year starts; ages are whole years.
"""
from checkers._common import NYC, NYC_ONLY_HOUSING
from eligibench.household import Household, Member

ID = "ThreeK"

THREE_K_AGE = 3


def lives_in_nyc(m: Member) -> bool:
    if m.housing_type in NYC_ONLY_HOUSING:
        return True
    if m.place_of_residence == NYC:
        return True
    return False


def member_qualifies(m: Member) -> bool:
    if not lives_in_nyc(m):
        return False
    if m.age != THREE_K_AGE:
        return False
    return True


def check(hh: Household) -> bool:
    for m in hh.members:
        if member_qualifies(m):
            return True
    return False
