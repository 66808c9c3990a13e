"""Text 2 Work (TXT-2-WORK): job openings sent by text message to HRA clients.

Readings of ambiguous requirements:
- "Available for: NYC residents; HRA clients" means either group: an NYC resident qualifies without receiving any benefit (the service is an opt-in text service for assistance recipients and other low-income New Yorkers).
- "HRA clients" means members with receives_hra, wherever place_of_residence says they live; SNAP, cash assistance or public housing alone does not make someone an HRA client (they may be received outside New York City). "NYC residents" is read from place_of_residence being New York City.
- A member living in a DHS or HRA shelter or in NYCHA housing lives in New York City, whatever place_of_residence says.

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


def member_qualifies(m: Member) -> bool:
    if lives_in_nyc(m):
        return True
    if m.receives_hra:
        return True
    return False


def check(hh: Household) -> bool:
    for m in hh.members:
        if member_qualifies(m):
            return True
    return False
