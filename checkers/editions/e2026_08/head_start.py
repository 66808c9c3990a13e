"""Head Start (the Head Start part of NYC's "Head Start / Early Head Start" row).

Readings of ambiguous requirements:
- "You" and "your family" mean any member of the household.
- "Live in temporary housing" means a member's housing_type is homeless, DHS shelter, HRA shelter or temporary housing.
- "Currently receive cash assistance" is read from the derived fact temporary_assistance (receives_temporary_assistance or receives_cash_assistance): HRA Cash Assistance is New York State Temporary Assistance as HRA runs it in NYC, so the two flags name one program. SNAP is a household benefit (household_receives_snap: any member receives SNAP); SSI from receives_ssi. Changed in issue 30: only receives_cash_assistance was read, so a household with only the Temporary Assistance flag was missed.
- "Enrolling a child who is in foster care" means a member aged 3 or 4 (the child being enrolled) is in foster care; a member of another age in foster care does not make another child eligible.
- "Household income" is every member's yearly work and investment income; household size is the number of members.
- "At or below" includes the table amount itself (2024 said "falls below", strict).
- The table starts at 2 people; a household of 1 is held to the 2-person amount.
- "Can subtract those costs" is read as a firm rule: when the household's yearly housing costs are more than 30 percent of its income (strict), the part of them above 30 percent of the income is subtracted from the income before it is compared with the table (counted income = income - (housing costs - 0.3 x income)). Housing costs are rent only (12 times the sum of every member's monthly_rent_spending): the features record no other housing cost. Decided in the third reading: the whole rent was subtracted. "Those costs" can be the whole housing cost or the excess over 30 percent; the sentence summarises the federal Head Start rule (45 CFR 1302.12(i)(1)(ii), the Office of Head Start's housing cost adjustment), which subtracts only the housing costs above 30 percent of gross income, and the whole-rent reading made a cliff: a family of 3 earning $40,000 with rent of $999 a month counted $40,000, with $1,001 a month $27,988, under the $27,320 limit at $1,057.
- The documents to provide are procedure, not a condition.

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
INCOME_LIMITS = (21640, 27320, 33000, 38680, 44360, 50040, 55720)
FIRST_SIZE = 2
EXTRA_PER_PERSON = 5680

# Housing costs above this share of income are subtracted from it.
HOUSING_COST_SHARE = 0.30
MONTHS_PER_YEAR = 12


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


def has_child_to_enroll(hh: Household) -> bool:
    for m in hh.members:
        if m.age >= MIN_CHILD_AGE:
            if m.age <= MAX_CHILD_AGE:
                return True
    return False


def yearly_rent(hh: Household) -> int:
    total = 0
    for m in hh.members:
        total += m.monthly_rent_spending
    return total * MONTHS_PER_YEAR


def counted_income(hh: Household) -> float:
    income = household_income(hh)
    rent = yearly_rent(hh)
    # the part of the housing costs above 30% of income is subtracted (45 CFR 1302.12(i)), not the whole rent
    if rent > HOUSING_COST_SHARE * income:
        return income - (rent - HOUSING_COST_SHARE * income)
    return income


def check(hh: Household) -> bool:
    if not has_child_to_enroll(hh):
        return False
    if household_receives_snap(hh):
        return True
    for m in hh.members:
        if member_meets_category(m):
            return True
    # Held to the 2-person amount at size 1 (a lone child, or Early Head Start's expectant parent alone).
    size = max(hh.size, FIRST_SIZE)
    limit = table_limit(INCOME_LIMITS, EXTRA_PER_PERSON, size - FIRST_SIZE + 1)
    if counted_income(hh) <= limit:
        return True
    return False
