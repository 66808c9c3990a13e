"""NYC Nurse-Family Partnership: home visits by a nurse for first-time pregnant people.

Readings of ambiguous requirements:
- "28 weeks pregnant or less" means months_pregnant from 1 to 6 (whole months completed).
- "With your first baby" means the pregnant person is not already a parent (is_parent is false).
- "Lives in New York City" means place_of_residence is "New York City".
- "Eligible for Medicaid" means eligible_for_medicaid or receives_medicaid.
- "Eligible for WIC" means receiving SNAP or Temporary Assistance; WIC's own income test is not modelled.
- "Regardless of age, immigration status, or gender identity" adds no condition.
"""
from checkers._common import NYC, NYC_ONLY_HOUSING
from eligibench.household import Household, Member

ID = "NYCNurseFamilyPartnership"
MAX_MONTHS_PREGNANT = 6  # 28 weeks or less


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
    if m.receives_snap:
        return True
    if m.receives_temporary_assistance:
        return True
    return False


def member_qualifies(m: Member) -> bool:
    if m.months_pregnant == 0:
        return False
    if m.months_pregnant > MAX_MONTHS_PREGNANT:
        return False
    if m.is_parent:
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
