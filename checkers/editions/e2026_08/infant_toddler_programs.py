"""Extended Day/Year Infant and Toddler Programs (NYC's 2026-08 row; "Infants and Toddlers" in 2024).

Readings of ambiguous requirements:
- The 2026-08 row (renamed from "Infants and Toddlers") describes only the infant and toddler programs; the Early Head Start part moved to the "Head Start / Early Head Start" row (EarlyHeadStart), so this file is no longer a split.
- "Your family must live in New York City" is read on the child to be cared for: their place_of_residence is New York City, or they live in a DHS or HRA shelter or NYCHA housing; a child in foster care qualifies wherever they live ("children in foster care outside of New York City can still qualify").
- "Your child must be a US citizen or have legal immigration status" means the child's citizenship is citizen_or_national or lawful_resident.
- "Both parents" in a two-parent household, and the one parent otherwise, are the parents of the child in care, read through the derived fact reason_for_care_counts (the members whose reason for care counts for a child the household raises: the answering person and spouse, the child's own parent in the household, a guardian): when a child in care is the answering person's own (child, stepchild, foster child, adopted child), the parents are the answering person and, when present, their spouse; otherwise, when the child's own parent lives in the household (decided per child in care: for a grandchild a child of the answering person who is a parent, for a niece or nephew a sibling of the answering person who is a parent; or a guardian: responsible_for_day_to_day), that member is, and the answering person and spouse are caretakers whose reasons are not asked; with neither, the answering person and spouse care for the child as its parents. Changed in the third reading: only the answering person and spouse were read, so a grandmother (60, not working) answering for her daughter (25, a parent, working 20 hours a week) and a 2-year-old grandchild was refused though the child's only parent works. Each parent must meet a condition on their own. Corrected on review of the third reading: read per member, the grandmother's brother who is a father elsewhere was asked for a condition as a parent of her grandchild, and an aunt's grown son who is a father counted as her niece's parent.
- The child in care is a child the family raises: a member whose relation is child, stepchild, foster child, adopted child, grandchild, sibling, niece or nephew or cousin. Decided in the third reading (both editions, as Child Care Vouchers): "any member under 3" counted a friend's child; a child care subsidy pays for the care of a child of the family that applies (its parent, or a caretaker relative), and a friend is the schema's only unrelated relation.
- "Work at least 10 hours per week" means work_hours_per_week is 10 or more; "an education or job training program" is read from enrolled_in_educational_training or enrolled_in_vocational_training.
- "Looking for work (up to 6 months unemployed)" means days_looking_for_work is 1 to 180 (6 months of 30 days), the same reading as 2024. Decided in issue 30 (both editions): the parenthesis limits the same reason ("looking for work") in time, as 2024's "looking for up to 6 months" did; days_looking_for_work is the length of the current search, while months_since_worked counts from any last job and is -1 for a person who never worked, whom the text does not exclude.
- "Receiving services related to domestic violence" is attending_service_for_domestic_violence.
- "Living in temporary housing" is true for each parent when any member's housing_type is homeless, DHS shelter, HRA shelter or temporary housing.
- Receiving treatment for substance abuse is no longer a reason in the 2026-08 text.
- "Household income" is every member's yearly work and investment income, compared with the yearly column; household size is the number of members; "at or below" includes the table amount itself.
- The table runs from 2 to 8 people; a household of 1 (no consistent household: the child lives with an adult) is held to the 2-person amount, and households have at most 6 members, so no rule past 8 is added.

Implied conditions (not stated in the source text):
- A member of the household whom the family raises (child, stepchild, foster child, adopted child, grandchild, sibling, niece or nephew, or cousin of the answering person) is under 3 years old. Reason: Infant and toddler care is care for children under 3 (the programs are named "Infant and Toddler Programs"); the reasons for care only make sense for the care of a child.
"""
from checkers._common import (
    FAMILY_CHILD_RELATIONS,
    NYC,
    NYC_ONLY_HOUSING,
    TEMPORARY_HOUSING,
    household_income,
    table_limit,
)
from checkers.facts import parent_of_a_child_in_care
from eligibench.household import Household, Member

ID = "InfantToddlerPrograms"

# Yearly income limits by household size 2..8.
INCOME_LIMITS = (77226, 95397, 113568, 131738, 149909, 153316, 156723)
FIRST_SIZE = 2
MIN_WORK_HOURS = 10
MAX_DAYS_LOOKING = 180
LAWFUL_STATUSES = ("citizen_or_national", "lawful_resident")
# Infant/toddler care is for children under 3.
CHILD_AGE_BELOW = 3


def lives_in_nyc(m: Member) -> bool:
    if m.housing_type in NYC_ONLY_HOUSING:
        return True
    if m.place_of_residence == NYC:
        return True
    return False


def is_child_in_care(m: Member) -> bool:
    if m.relation not in FAMILY_CHILD_RELATIONS:
        return False  # a friend's child is not the family's
    if m.age >= CHILD_AGE_BELOW:
        return False
    if m.citizenship not in LAWFUL_STATUSES:
        return False
    if m.in_foster_care:
        return True
    if lives_in_nyc(m):
        return True
    return False


def has_child_in_care(hh: Household) -> bool:
    for m in hh.members:
        if is_child_in_care(m):
            return True
    return False


def in_temporary_housing(hh: Household) -> bool:
    for m in hh.members:
        if m.housing_type in TEMPORARY_HOUSING:
            return True
    return False


def parent_meets_condition(m: Member, unhoused: bool) -> bool:
    if m.work_hours_per_week >= MIN_WORK_HOURS:
        return True
    if m.enrolled_in_educational_training:
        return True
    if m.enrolled_in_vocational_training:
        return True
    if m.days_looking_for_work > 0:
        if m.days_looking_for_work <= MAX_DAYS_LOOKING:
            return True
    if m.attending_service_for_domestic_violence:
        return True
    if unhoused:
        return True
    return False


def each_parent_meets_condition(hh: Household) -> bool:
    unhoused = in_temporary_housing(hh)
    for m in hh.members:
        if not parent_of_a_child_in_care(hh, m, is_child_in_care):
            continue
        if not parent_meets_condition(m, unhoused):
            return False
    return True


def check(hh: Household) -> bool:
    if not has_child_in_care(hh):
        return False
    if not each_parent_meets_condition(hh):
        return False
    # Held to the 2-person amount at size 1 (a lone child: no consistent household has one).
    size = max(hh.size, FIRST_SIZE)
    limit = table_limit(INCOME_LIMITS, 0, size - FIRST_SIZE + 1)
    if household_income(hh) > limit:
        return False
    return True
