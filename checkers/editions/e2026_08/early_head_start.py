"""Early Head Start (the Early Head Start part of NYC's "Head Start / Early Head Start" row).

Readings of ambiguous requirements:
- "You" and "your family" mean any member of the household.
- "Live in temporary housing" means a member's housing_type is homeless, DHS shelter, HRA shelter or temporary housing.
- "Currently receive cash assistance" is read from the derived fact temporary_assistance (receives_temporary_assistance or receives_cash_assistance): HRA Cash Assistance is New York State Temporary Assistance as HRA runs it in NYC, so the two flags name one program. SNAP is a household benefit (household_receives_snap: any member receives SNAP); SSI from receives_ssi. Changed in issue 30: only receives_cash_assistance was read, so a household with only the Temporary Assistance flag was missed.
- "Enrolling a child who is in foster care" means a member under 3 (the child being enrolled) is in foster care; an older member in foster care does not make another child eligible.
- "Household income" is every member's yearly work and investment income; household size is the number of members.
- "At or below" includes the table amount itself.
- The table starts at 2 people (the 2024 Early Head Start table had a 1-person row); a household of 1 (an expectant parent alone) is held to the 2-person amount.
- "Can subtract those costs" is read as a firm rule: when the household's yearly housing costs are more than 30 percent of its income (strict), the part of them above 30 percent of the income is subtracted from the income before it is compared with the table (counted income = income - (housing costs - 0.3 x income)). Housing costs are rent only (12 times the sum of every member's monthly_rent_spending): the features record no other housing cost. Decided in the third reading: the whole rent was subtracted. "Those costs" can be the whole housing cost or the excess over 30 percent; the sentence summarises the federal Head Start rule (45 CFR 1302.12(i)(1)(ii), the Office of Head Start's housing cost adjustment), which subtracts only the housing costs above 30 percent of gross income, and the whole-rent reading made a cliff: a family of 3 earning $40,000 with rent of $999 a month counted $40,000, with $1,001 a month $27,988, under the $27,320 limit at $1,057.
- The documents to provide are procedure, not a condition.

Implied conditions (not stated in the source text):
- A member of the household is under 3 years old, or a member is pregnant. Reason: Early Head Start enrolls infants and toddlers under 3 (the federal definition) and expectant parents; Head Start takes children from 3.
"""
# ruff: noqa: F821  (the twin's helpers and constants: share_rules, below, defines them here)
from checkers.editions.variant import share_rules
from eligibench.household import Household, Member

# Shares the rules of checkers/editions/e2026_08/head_start.py (the 2026-08 row is one text for both,
# with one income table, rent adjustment and set of categories); only who is enrolled differs: a
# child under 3 or a pregnancy.
TWIN = "checkers.editions.e2026_08.head_start"
ID = "EarlyHeadStart"
# Early Head Start serves children under 3 (a 3-year-old moves on to Head Start).
CHILD_AGE_BELOW = 3


def is_enrolled_child_in_foster_care(m: Member) -> bool:
    if not m.in_foster_care:
        return False
    if m.age >= CHILD_AGE_BELOW:
        return False
    return True


def has_child_to_enroll(hh: Household) -> bool:
    for m in hh.members:
        if m.age < CHILD_AGE_BELOW:
            return True
        if m.months_pregnant > 0:
            return True
    return False


share_rules(globals())
