"""NYC Care: no-cost or low-cost health care through NYC Health + Hospitals.

Readings of ambiguous requirements:
- "Live in one of the five boroughs" is read from place_of_residence being New York City.
- "Not qualify for any health insurance plan available in New York State" is read as qualify_for_health_insurance being false and the derived fact medicaid_eligible being false (not eligible_for_medicaid, not receiving Medicaid of any kind). Decided in issue 30 (the same in both editions): Medicaid is a health insurance plan available in New York State, so a member who receives or qualifies for Medicaid qualifies for a plan; reading only qualify_for_health_insurance let a member on Medicaid whose household left that flag false qualify (the reviewer's case, which the consistency rules now also call a contradiction).
- Not modelled: "not be able to afford health insurance based on government guidelines" (the guidelines are not given and no feature records affordability).
- A member living in a DHS or HRA shelter or in NYCHA housing lives in New York City, whatever place_of_residence says.

Implied conditions (not stated in the source text):
- none
"""
from checkers._common import NYC, NYC_ONLY_HOUSING
from checkers.facts import medicaid_eligible
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
    # Medicaid is a New York State health plan: qualifying for it is qualifying for a plan
    if medicaid_eligible(m):
        return False
    return True


def check(hh: Household) -> bool:
    for m in hh.members:
        if member_qualifies(m):
            return True
    return False
