"""NYC YouthHealth clinics.

Readings of ambiguous requirements:
- "Youth" is read as ages 12 to 21 inclusive (the adolescents and young adults NYC Health + Hospitals serves).
- "NYC youth" is read from place_of_residence being New York City.
- "Regardless of ability to pay, immigration status, sexual orientation, disability, or gender identity" adds no condition.
- A member living in a DHS or HRA shelter or in NYCHA housing lives in New York City, whatever place_of_residence says.

Implied conditions (not stated in the source text):
- The member is 12 to 21 years old. Reason: The source says "youth" without ages; 12 to 21 is the adolescent and young-adult range NYC Health + Hospitals youth services serve.
"""
from checkers._common import NYC, NYC_ONLY_HOUSING
from eligibench.household import Household, Member

ID = "NYCYouthHealth"
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
