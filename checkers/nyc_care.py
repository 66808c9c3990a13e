"""NYC Care: no-cost or low-cost health care through NYC Health + Hospitals.

Readings of ambiguous requirements:
- "Live in one of the five boroughs" means place_of_residence is "New York City".
- "Not qualify for any health insurance plan available in New York State" means qualify_for_health_insurance is false.
- Not modelled: "not be able to afford health insurance based on government guidelines".
"""
from checkers._common import NYC, NYC_ONLY_HOUSING
from eligibench.household import Household, Member

ID = "NYCCare"


def lives_in_nyc(m: Member) -> bool:
    if m.housing_type in NYC_ONLY_HOUSING:
        return True
    if m.place_of_residence == NYC:
        return True
    return False


def member_qualifies(m: Member) -> bool:
    if not lives_in_nyc(m):
        return False
    if m.qualify_for_health_insurance:
        return False
    return True


def check(hh: Household) -> bool:
    for m in hh.members:
        if member_qualifies(m):
            return True
    return False
