"""Text 2 Work (TXT-2-WORK): job openings sent by text message to New York City residents.

Readings of ambiguous requirements:
- "All New York City residents" is read from place_of_residence being New York City.
- A member living in a DHS or HRA shelter or in NYCHA housing lives in New York City, whatever place_of_residence says.
- The 2026 text no longer names HRA clients as a group of their own: receiving HRA benefits (receives_hra) while living outside New York City no longer qualifies.

Implied conditions (not stated in the source text):
- none
"""
from checkers._common import NYC, NYC_ONLY_HOUSING
from eligibench.household import Household, Member

ID = "TextTwoWork"


def lives_in_nyc(m: Member) -> bool:
    if m.housing_type in NYC_ONLY_HOUSING:
        return True
    if m.place_of_residence == NYC:
        return True
    return False


def check(hh: Household) -> bool:
    for m in hh.members:
        if lives_in_nyc(m):
            return True
    return False
