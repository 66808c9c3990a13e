"""Homebase.

Readings of ambiguous requirements:
- "Live in one of the five boroughs of NYC" is place_of_residence being New York City.
- "May be soon at risk of entering the NYC shelter system" is the member being at risk of homelessness (at_risk_of_homelessness) or facing eviction now (currently_being_evicted). Decided in the second reading 2024 (reader-A): a tenant being evicted with at_risk_of_homelessness false was found not eligible, though an eviction in progress is the standard Homebase case and the text says "may be soon at risk". Not a consistency rule: someone facing eviction who has somewhere to go is not at risk of homelessness in general, but "may be" is Homebase's own, wider test.
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


def at_risk_of_shelter(m: Member) -> bool:
    if m.at_risk_of_homelessness:
        return True
    if m.currently_being_evicted:
        return True  # an eviction in progress is Homebase's standard case (second reading 2024)
    return False


def member_qualifies(m: Member) -> bool:
    if not lives_in_nyc(m):
        return False
    if not at_risk_of_shelter(m):
        return False
    return True


def check(hh: Household) -> bool:
    for m in hh.members:
        if member_qualifies(m):
            return True
    return False
