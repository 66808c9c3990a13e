"""Primary and Preventive Health Care: health care for NYC youth at NYC Health + Hospitals.

Readings of ambiguous requirements:
- "Youth" is read as ages 12 to 21 inclusive (the adolescents and young adults NYC Health + Hospitals serves).
- "New York City youth" is read from place_of_residence being New York City.
- "Regardless of immigration status or whether they can pay" adds no condition.
- Not modelled: bringing a parent or guardian to the first primary care visit is a visit rule, not an eligibility condition.
- A member living in a DHS or HRA shelter or in NYCHA housing lives in New York City, whatever place_of_residence says.

Implied conditions (not stated in the source text):
- The member is 12 to 21 years old. Reason: The source says "youth" without ages; 12 to 21 is the adolescent and young-adult range NYC Health + Hospitals youth services serve.
"""
from checkers._common import NYC, NYC_ONLY_HOUSING
from eligibench.household import Household, Member

ID = "PrimaryAndPreventiveHealthCare"
MIN_AGE = 12
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
    if m.age < MIN_AGE:
        return False
    if m.age > MAX_AGE:
        return False
    return True


def check(hh: Household) -> bool:
    for m in hh.members:
        if member_qualifies(m):
            return True
    return False
