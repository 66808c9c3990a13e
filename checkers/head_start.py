"""Head Start.

Readings of ambiguous requirements:
- "You" and "your family" mean any member of the household.
- "Live in temporary housing" means a member's housing_type is homeless, DHS shelter, HRA shelter or temporary housing.
- "Receive HRA Cash Assistance" is read from Temporary Assistance includes HRA Cash Assistance: the derived fact temporary_assistance reads receives_temporary_assistance or receives_cash_assistance, because HRA Cash Assistance is New York State Temporary Assistance as HRA runs it in NYC (the two flags name one program). Changed in issue 30: only receives_cash_assistance was read, so a family with only the Temporary Assistance flag was missed.
- "Enrolling a child who is in foster care" means a member aged 3 or 4 (the child being enrolled) is in foster care; a member of another age in foster care does not make another child eligible.
- "Family income" is every member's yearly work and investment income; household size is the number of members.
- "Falls below" is strict: income equal to the table amount does not qualify.
- The table starts at 2 people; a household of 1 is held to the 2-person amount.

Implied conditions (not stated in the source text):
- A member of the household is 3 or 4 years old. Reason: Head Start is preschool: it enrolls children from age 3 until they start kindergarten, so a household with no child of that age has no one to enroll.
"""
from checkers._common import TEMPORARY_HOUSING, household_income, table_limit
from checkers.facts import household_receives_snap, temporary_assistance
from eligibench.household import Household, Member

ID = "HeadStart"

# Head Start enrolls children aged 3 and 4 (preschool age before kindergarten).
MIN_CHILD_AGE = 3
MAX_CHILD_AGE = 4

# Yearly income limits by household size 2..8, plus the amount for each additional person.
INCOME_LIMITS = (20440, 25820, 31200, 36580, 41960, 47340, 52720)
FIRST_SIZE = 2
EXTRA_PER_PERSON = 5380


def is_enrolled_child_in_foster_care(m: Member) -> bool:
    if not m.in_foster_care:
        return False
    if m.age < MIN_CHILD_AGE:
        return False
    if m.age > MAX_CHILD_AGE:
        return False
    return True


def member_meets_category(m: Member) -> bool:
    if m.housing_type in TEMPORARY_HOUSING:
        return True
    if temporary_assistance(m):
        return True
    if m.receives_ssi:
        return True
    if is_enrolled_child_in_foster_care(m):
        return True
    return False


def has_preschool_child(hh: Household) -> bool:
    for m in hh.members:
        if m.age >= MIN_CHILD_AGE:
            if m.age <= MAX_CHILD_AGE:
                return True
    return False


def check(hh: Household) -> bool:
    if not has_preschool_child(hh):
        return False
    if household_receives_snap(hh):
        return True
    for m in hh.members:
        if member_meets_category(m):
            return True
    # Held to the 2-person amount at size 1 (a lone child: no consistent household has one).
    size = max(hh.size, FIRST_SIZE)
    limit = table_limit(INCOME_LIMITS, EXTRA_PER_PERSON, size - FIRST_SIZE + 1)
    if household_income(hh) < limit:
        return True
    return False
