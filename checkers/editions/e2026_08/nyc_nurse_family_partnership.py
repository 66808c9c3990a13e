"""NYC Nurse-Family Partnership: home visits by a nurse for pregnant people.

Readings of ambiguous requirements:
- "Are you pregnant?" is read as months_pregnant above 0. The 2024 limits "28 weeks pregnant or less" and "with your first baby" are gone from the 2026-08 text, so any stage of pregnancy counts and being a parent already does not matter.
- "Do you live in New York City?" is read from place_of_residence being New York City.
- A member living in a DHS or HRA shelter or in NYCHA housing lives in New York City, whatever place_of_residence says.
- "Eligible (or think you may be eligible) for Medicaid" is read as eligible_for_medicaid or receiving Medicaid of any kind (receives_medicaid or receives_disability_medicaid). Changed in issue 30: disability Medicaid was ignored, so a pregnant woman on disability Medicaid was found not eligible; disability Medicaid is Medicaid, and receiving it means being eligible for it.
- "Eligible for WIC" is read as receiving SNAP or Temporary Assistance, which make a pregnant person income-eligible for WIC; WIC's own income test is not modelled.
- "Regardless of age, immigration status, or gender identity" adds no condition.

Implied conditions (not stated in the source text):
- none
"""
from checkers._common import NYC, NYC_ONLY_HOUSING
from eligibench.household import Household, Member

ID = "NYCNurseFamilyPartnership"


def lives_in_nyc(m: Member) -> bool:
    if m.housing_type in NYC_ONLY_HOUSING:
        return True
    if m.place_of_residence == NYC:
        return True
    return False


def medicaid_or_wic(m: Member) -> bool:
    if m.eligible_for_medicaid:
        return True
    if m.receives_medicaid:
        return True
    if m.receives_disability_medicaid:
        return True  # disability Medicaid is Medicaid (issue 30: a pregnant woman on it was found not eligible)
    if m.receives_snap:
        return True
    if m.receives_temporary_assistance:
        return True
    return False


def member_qualifies(m: Member) -> bool:
    if m.months_pregnant == 0:
        return False
    if not lives_in_nyc(m):
        return False
    if not medicaid_or_wic(m):
        return False
    return True


def check(hh: Household) -> bool:
    for m in hh.members:
        if member_qualifies(m):
            return True
    return False
