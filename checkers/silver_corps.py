"""Silver Corps.

Readings of ambiguous requirements:
- "At least 55 years of age" includes 55.
- "NYC resident" means place_of_residence is "New York City".
- "Unemployed or underemployed" means work_hours_per_week below 35.
- "Your income" by household size is household income: all members' work and investment income; size = members.
- The income limit (tied to the stipend in the source) is a condition of eligibility.
- The each-additional-person amount is $6,425 as published.
- Not modelled: committing to volunteer 15 hours a week; willingness to take part in training.
"""
from checkers._common import NYC, NYC_ONLY_HOUSING, household_income, table_limit
from eligibench.household import Household, Member

ID = "SilverCorps"
INCOME_LIMITS = (60240, 81760, 103280, 124800, 146320, 167840, 189360, 210880)
EXTRA_PER_PERSON = 6425


def lives_in_nyc(m: Member) -> bool:
    if m.housing_type in NYC_ONLY_HOUSING:
        return True
    if m.place_of_residence == NYC:
        return True
    return False


def member_qualifies(m: Member) -> bool:
    if m.age < 55:
        return False
    if not lives_in_nyc(m):
        return False
    if m.work_hours_per_week >= 35:
        return False
    return True


def check(hh: Household) -> bool:
    limit = table_limit(INCOME_LIMITS, EXTRA_PER_PERSON, hh.size)
    if household_income(hh) > limit:
        return False
    for m in hh.members:
        if member_qualifies(m):
            return True
    return False
