"""Lifeline.

Readings of ambiguous requirements:
- "Someone in your household participates" is any member receiving the benefit.
- "Medicaid" includes Medicaid received because of a disability.
- "Federal Public Housing Assistance (FPHA)" is receives_fpha, or living in NYCHA public housing or Section 8 housing (housing_type NYCHA development or Section 8): the FCC's Lifeline rule (47 CFR 54.409) names FPHA as public housing and Section 8 rental assistance, so a household living there participates. Decided in the second reading 2024 (reader-B), both editions: a Section 8 tenant above the income limit with receives_fpha false was found not eligible; no consistency rule ties the flag to housing_type, so fuzzed households can differ.
- "Your income" is household income: every member's yearly work and investment income; household size is the number of members; income equal to the limit qualifies.

Implied conditions (not stated in the source text):
- none
"""
from checkers._common import household_income, table_limit
from checkers.facts import household_receives_snap, receives_medicaid
from eligibench.household import Household, Member

ID = "Lifeline"

# Yearly income limits for household sizes 1 to 8, then each additional person.
INCOME_LIMITS = (20331, 27594, 34857, 42120, 49383, 56646, 63909, 71172)
EACH_ADDITIONAL_PERSON = 7263
# Federal Public Housing Assistance as the FCC's Lifeline rule lists it: public housing and Section 8.
FPHA_HOUSING = ("NYCHA development", "Section 8")


def member_in_program(m: Member) -> bool:
    if m.receives_ssi:
        return True
    if receives_medicaid(m):
        return True
    if m.receives_fpha:
        return True
    if m.housing_type in FPHA_HOUSING:
        return True  # living in public housing or Section 8 housing is participating in FPHA (second reading 2024)
    if m.receives_vpsb:
        return True
    return False


def check(hh: Household) -> bool:
    if household_receives_snap(hh):
        return True
    for m in hh.members:
        if member_in_program(m):
            return True
    limit = table_limit(INCOME_LIMITS, EACH_ADDITIONAL_PERSON, hh.size)
    if household_income(hh) <= limit:
        return True
    return False
