"""NYC Financial Empowerment Centers: free financial counseling.

Readings of ambiguous requirements:
- "Live in NYC" is read from place_of_residence being New York City.
- A member living in a DHS or HRA shelter or in NYCHA housing lives in New York City, whatever place_of_residence says.
- not modelled: working in NYC (no feature gives where a person works), so the requirements keep only living in NYC.
- "At least age 18" includes 18.
- The 2026 text no longer says that income and immigration status do not matter; it names no income or immigration condition either, so none is tested.

Implied conditions (not stated in the source text):
- none
"""
from checkers._common import NYC, NYC_ONLY_HOUSING
from eligibench.household import Household, Member

ID = "NYCFinancialEmpowermentCenters"
MIN_AGE = 18


def lives_in_nyc(m: Member) -> bool:
    if m.housing_type in NYC_ONLY_HOUSING:
        return True
    if m.place_of_residence == NYC:
        return True
    return False


def member_qualifies(m: Member) -> bool:
    if not lives_in_nyc(m):
        return False
    if m.age < MIN_AGE:
        return False
    return True


def check(hh: Household) -> bool:
    for m in hh.members:
        if member_qualifies(m):
            return True
    return False
