"""Child Care Vouchers.

Readings of ambiguous requirements:
- "Household gets Cash Assistance" means any member receives Temporary Assistance includes HRA Cash Assistance: the derived fact temporary_assistance reads receives_temporary_assistance or receives_cash_assistance, because HRA Cash Assistance is New York State Temporary Assistance as HRA runs it in NYC (the two flags name one program). Changed in issue 30: only receives_cash_assistance was read.
- "Experiencing homelessness" and "live in temporary housing" mean any member's housing_type is homeless, DHS shelter, HRA shelter or temporary housing.
- "Household earns" is read as household income: every member's yearly work and investment income, compared with the yearly column; household size is the number of members.
- "Less than" is strict: income equal to the table amount does not qualify.
- The 2-person yearly amount printed as "$73.869.56" is read as $73,869.56.
- The table starts at 2 people; a household of 1 is held to the 2-person amount. The source gives no rule past 18 people; larger households use the 18-person amount.
- "You" in a reason for care is every member whose reason for care counts for a child the household raises (the derived fact reason_for_care_counts): the answering person and their spouse, the child's own parent in the household, decided per child in care (relations are to the answering person only, so a grandchild's parent is the answering person's child who is a parent, as Newborn Home Visiting reads it, and a niece's or nephew's parent the answering person's sibling who is a parent) and a guardian (responsible_for_day_to_day); one of them having a reason for a child in care is enough. Corrected on review of the third reading: read per member (any child or sibling of the answering person who is a parent), a grown daughter who is a mother elsewhere gave a reason for care for her 2-year-old sister though their mother, the answering person, had none, and an aunt's grown son who is a father gave one for her niece. Changed in the third reading: only the answering person or spouse counted, so a grandmother (60, not working) answering for her daughter (25, a parent, working 20 hours a week) and a 2-year-old grandchild was refused, though the daughter works, and the same household with the work moved to the grandmother was eligible.
- The child in care is a child the family raises: a member whose relation is child, stepchild, foster child, adopted child, grandchild, sibling, niece or nephew or cousin. Decided in the third reading: "any member under 13" counted a friend's child; a child care subsidy pays for the care of a child of the family that applies (its parent, or a caretaker relative), and a friend is the schema's only unrelated relation.
- "Work 10+ hours per week" means work_hours_per_week is 10 or more.
- "Educational or vocational training program" is read from enrolled_in_educational_training or enrolled_in_vocational_training.
- "Have been looking for work" means days_looking_for_work is more than 0.
- "(priority access)" for temporary housing is dropped: it ranks applicants and does not change who qualifies.

Implied conditions (not stated in the source text):
- A member of the household whom the family raises (child, stepchild, foster child, adopted child, grandchild, sibling, niece or nephew, or cousin of the answering person) is under 13 years old, or under 18 and unable to care for themselves (can_care_for_self false). Reason: New York's child care subsidy pays for the care of children under 13, and of children under 18 who cannot care for themselves (special needs); the reasons for care only make sense for the care of a child.
"""
from checkers._common import FAMILY_CHILD_RELATIONS, TEMPORARY_HOUSING, household_income, table_limit
from checkers.facts import reason_for_care_counts, temporary_assistance
from eligibench.household import Household, Member

ID = "ChildCareVouchers"

# Yearly income limits by household size 2..18, in dollars.
INCOME_LIMITS = (
    73869.56, 91250.63, 108631.70, 126012.77, 143393.84, 146652.80, 149911.75, 153170.70,
    156429.65, 159688.60, 162947.55, 166206.50, 169465.45, 172724.40, 175983.35, 179242.31,
    182501.26,
)
FIRST_SIZE = 2
# New York child-care subsidies pay for care of children under 13, and of children under 18
# who cannot care for themselves (special needs).
CHILD_AGE_BELOW = 13
SPECIAL_NEEDS_AGE_BELOW = 18


def in_temporary_housing(hh: Household) -> bool:
    for m in hh.members:
        if m.housing_type in TEMPORARY_HOUSING:
            return True
    return False


def financially_eligible(hh: Household) -> bool:
    for m in hh.members:
        if temporary_assistance(m):
            return True
    if in_temporary_housing(hh):
        return True
    # Held to the 2-person amount at size 1 (a lone child: no consistent household has one).
    size = max(hh.size, FIRST_SIZE)
    limit = table_limit(INCOME_LIMITS, 0, size - FIRST_SIZE + 1)
    if household_income(hh) < limit:
        return True
    return False


def person_has_reason(m: Member) -> bool:
    if m.work_hours_per_week >= 10:
        return True
    if m.enrolled_in_educational_training:
        return True
    if m.enrolled_in_vocational_training:
        return True
    if m.days_looking_for_work > 0:
        return True
    if m.attending_service_for_domestic_violence:
        return True
    if m.receiving_treatment_for_substance_abuse:
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
    if in_temporary_housing(hh):
        return True
    for child in hh.members:
        if not is_child_in_care(child):
            continue
        if has_reason_for_care_for(hh, child):
            return True
    return False


def is_child_in_care(m: Member) -> bool:
    # a child the household raises: a friend's child is not the family's (the adults of the family apply)
    if m.relation not in FAMILY_CHILD_RELATIONS:
        return False
    if m.age < CHILD_AGE_BELOW:
        return True
    if m.age >= SPECIAL_NEEDS_AGE_BELOW:
        return False
    if m.can_care_for_self:
        return False
    return True


def has_child_in_care(hh: Household) -> bool:
    for m in hh.members:
        if is_child_in_care(m):
            return True
    return False


def check(hh: Household) -> bool:
    if not has_child_in_care(hh):
        return False
    if not financially_eligible(hh):
        return False
    if not has_reason_for_care(hh):
        return False
    return True
