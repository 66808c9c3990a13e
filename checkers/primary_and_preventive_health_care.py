"""Primary and Preventive Health Care: health care for NYC youth at NYC Health + Hospitals.

Readings of ambiguous requirements:
- "Youth" is read as anyone 21 or younger, newborns included: the city lists this program as health care for children, and "all New York City youth" sets no lower age.
- "New York City youth" is read from place_of_residence being New York City.
- "Regardless of immigration status or whether they can pay" adds no condition.
- Not modelled: bringing a parent or guardian to the first primary care visit is a visit rule, not an eligibility condition.
- A member living in a DHS or HRA shelter or in NYCHA housing lives in New York City, whatever place_of_residence says.

Implied conditions (not stated in the source text):
- The member is 21 years old or younger. Reason: The source says "youth" without ages; the city lists the program as health care for children, so there is no lower age, and 21 is the upper age of youth in NYC Health + Hospitals youth services.
"""
from checkers._common import NYC, NYC_ONLY_HOUSING
from eligibench.household import Household, Member

ID = "PrimaryAndPreventiveHealthCare"
MAX_AGE = 21


def lives_in_nyc(m: Member) -> bool:
    if m.housing_type in NYC_ONLY_HOUSING:
        return True
    if m.place_of_residence == NYC:
        return True
    return False


def member_qualifies(m: Member) -> bool:
    if not lives_in_nyc(m):
        return False
    if m.age > MAX_AGE:
        return False
    return True


def check(hh: Household) -> bool:
    for m in hh.members:
        if member_qualifies(m):
            return True
    return False
