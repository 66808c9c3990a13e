"""Infant/Toddler Programs (the Infant/Toddler part of NYC's "Infants and Toddlers" row).

Readings of ambiguous requirements:
- The income line listed among the reasons for care is read as a separate requirement that must also be met, not as one more reason for care.
- "You" in a reason for care is every member whose reason for care counts for a child the household raises (the derived fact reason_for_care_counts): the answering person and their spouse, the child's own parent in the household, decided per child in care (relations are to the answering person only, so a grandchild's parent is the answering person's child who is a parent, as Newborn Home Visiting reads it, and a niece's or nephew's parent the answering person's sibling who is a parent) and a guardian (responsible_for_day_to_day); one of them having a reason for a child in care is enough. Corrected on review of the third reading: read per member (any child or sibling of the answering person who is a parent), a grown daughter who is a mother elsewhere gave a reason for care for her 2-year-old sister though their mother, the answering person, had none, and an aunt's grown son who is a father gave one for her niece. Changed in the third reading: only the answering person or spouse counted, so a grandmother (60, not working) answering for her daughter (25, a parent, working 20 hours a week) and a 2-year-old grandchild was refused, though the daughter works, and the same household with the work moved to the grandmother was eligible.
- "Live in temporary housing" is true when any member's housing_type is homeless, DHS shelter, HRA shelter or temporary housing.
- The child in care is a child the family raises: a member whose relation is child, stepchild, foster child, adopted child, grandchild, sibling, niece or nephew or cousin, as Child Care Vouchers reads it. Decided in the third reading: a friend's baby made any household eligible.
- "Work 10+ hours per week" means work_hours_per_week is 10 or more.
- "Educational or vocational training program" is read from enrolled_in_educational_training or enrolled_in_vocational_training.
- "Starting to look for work or looking for up to 6 months" means days_looking_for_work is 1 to 180 (6 months of 30 days); receiving unemployment does not matter.
- "Household income" is every member's yearly work and investment income, compared with the yearly column; household size is the number of members.
- "At or below" includes the table amount itself.

Implied conditions (not stated in the source text):
- A member of the household whom the family raises (child, stepchild, foster child, adopted child, grandchild, sibling, niece or nephew, or cousin of the answering person) is under 3 years old. Reason: Infant/toddler care is care for children under 3 (the NYC row is titled "Infants and Toddlers"); the reasons for care only make sense for the care of a child.
"""
from checkers._common import FAMILY_CHILD_RELATIONS, TEMPORARY_HOUSING, household_income, table_limit
from checkers.facts import reason_for_care_counts
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


def has_reason_for_care_for(hh: Household, child: Member) -> bool:
    # whose reason counts is decided per child in care: its own parent, not any member who is a parent
    for m in hh.members:
        if not reason_for_care_counts(m, child):
            continue
        if person_has_reason(m):
            return True
    return False


def has_reason_for_care(hh: Household) -> bool:
    for m in hh.members:
        if m.housing_type in TEMPORARY_HOUSING:
            return True
    for child in hh.members:
        if not is_infant_or_toddler(child):
            continue
        if has_reason_for_care_for(hh, child):
            return True
    return False


def is_infant_or_toddler(m: Member) -> bool:
    if m.relation not in FAMILY_CHILD_RELATIONS:
        return False  # a friend's child is not the family's
    if m.age < CHILD_AGE_BELOW:
        return True
    return False


def has_infant_or_toddler(hh: Household) -> bool:
    for m in hh.members:
        if is_infant_or_toddler(m):
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
