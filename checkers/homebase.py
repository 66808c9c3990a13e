"""Homebase.

Readings of ambiguous requirements:
- "Live in one of the five boroughs of NYC" is place_of_residence being New York City.
- "May be soon at risk of entering the NYC shelter system" is the member being at risk of homelessness.
- Both conditions must hold for the same member.
- not modelled: wanting to remain stably housed in the community (assumed of anyone who asks).
- A member living in a DHS or HRA shelter or in NYCHA housing lives in New York City, whatever place_of_residence says.

Implied conditions (not stated in the source text):
- none
"""
from checkers._common import NYC, NYC_ONLY_HOUSING
from eligibench.household import Household, Member

ID = "Homebase"


def lives_in_nyc(m: Member) -> bool:
    if m.housing_type in NYC_ONLY_HOUSING:
        return True
    if m.place_of_residence == NYC:
        return True
    return False


def member_qualifies(m: Member) -> bool:
    if not lives_in_nyc(m):
        return False
    if not m.at_risk_of_homelessness:
        return False
    return True


def check(hh: Household) -> bool:
    for m in hh.members:
        if member_qualifies(m):
            return True
    return False
