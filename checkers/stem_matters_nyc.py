"""STEM Matters NYC: free summer science, technology, engineering and math programs for NYC students.

Readings of ambiguous requirements:
- "Students entering grades 1 through 12 in September 2024" becomes students entering grades 1 through 12 in the coming September, that is students whose current school level is kindergarten through grade 11.
- "In NYC public and charter schools" is read as living in New York City (place_of_residence).
- not modelled: whether the school is a public or charter school rather than a private one.
- A member living in a DHS or HRA shelter or in NYCHA housing lives in New York City, whatever place_of_residence says.

Implied conditions (not stated in the source text):
- none
"""
from checkers._common import NYC, NYC_ONLY_HOUSING
from eligibench.household import Household, Member

ID = "STEMMattersNYC"

# Now in kindergarten through grade 11: entering grades 1 through 12 next September.
CURRENT_LEVELS = ("k", 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11)


def lives_in_nyc(m: Member) -> bool:
    if m.housing_type in NYC_ONLY_HOUSING:
        return True
    if m.place_of_residence == NYC:
        return True
    return False


def member_qualifies(m: Member) -> bool:
    if not lives_in_nyc(m):
        return False
    if m.current_school_level not in CURRENT_LEVELS:
        return False
    return True


def check(hh: Household) -> bool:
    for m in hh.members:
        if member_qualifies(m):
            return True
    return False
