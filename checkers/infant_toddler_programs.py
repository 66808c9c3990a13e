"""Infant/Toddler Programs (the Infant/Toddler part of NYC's "Infants and Toddlers" row).

Readings of ambiguous requirements:
- The income line listed among the reasons for care is a separate requirement, also needed.
- "You" in a reason for care is the answering person or their spouse; temporary housing is any
  member's housing_type in TEMPORARY_HOUSING.
- "Work 10+ hours per week" means work_hours_per_week >= 10.
- "Educational or vocational training program" is enrolled_in_educational_training or
  enrolled_in_vocational_training.
- "Looking for work for up to 6 months" means days_looking_for_work is 1 to 180.
- "Household income" is all members' yearly work and investment income against the yearly
  column; size is the member count.
- "At or below" includes the table amount.
- Implied: a member under 3 (infants and toddlers; the NYC row is titled "Infants and Toddlers").
"""
from checkers._common import TEMPORARY_HOUSING, household_income, table_limit
from eligibench.household import Household, Member

ID = "InfantToddlerPrograms"

# Yearly income limits by household size 1..15; the source gives no additional-person rule.
INCOME_LIMITS = (
    51610, 67490, 83370, 99250, 115130, 131010, 133987, 136965,
    139942, 142920, 145897, 148875, 151852, 154830, 157807,
)
MAX_DAYS_LOOKING = 180
# Infant/toddler care is for children under 3.
CHILD_AGE_BELOW = 3


def person_has_reason(m: Member) -> bool:
    if m.work_hours_per_week >= 10:
        return True
    if m.enrolled_in_educational_training:
        return True
    if m.enrolled_in_vocational_training:
        return True
    if m.attending_service_for_domestic_violence:
        return True
    if m.receiving_treatment_for_substance_abuse:
        return True
    if m.days_looking_for_work > 0:
        if m.days_looking_for_work <= MAX_DAYS_LOOKING:
            return True
    return False


def has_reason_for_care(hh: Household) -> bool:
    for m in hh.members:
        if m.housing_type in TEMPORARY_HOUSING:
            return True
    for m in hh.members:
        if m.relation == "self":
            if person_has_reason(m):
                return True
        elif m.relation == "spouse":
            if person_has_reason(m):
                return True
    return False


def has_infant_or_toddler(hh: Household) -> bool:
    for m in hh.members:
        if m.age < CHILD_AGE_BELOW:
            return True
    return False


def check(hh: Household) -> bool:
    if not has_infant_or_toddler(hh):
        return False
    if not has_reason_for_care(hh):
        return False
    limit = table_limit(INCOME_LIMITS, 0, hh.size)
    if household_income(hh) > limit:
        return False
    return True
