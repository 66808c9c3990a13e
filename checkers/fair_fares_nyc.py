"""Fair Fares NYC.

Readings of ambiguous requirements:
- "Lives in New York City" is read from place_of_residence being New York City.
- "18-64 years old" includes ages 18 and 64.
- "Household income" means all members' yearly work and investment income; household size is the number of members.
- The table has no rule for more than 14 people; households here have at most 6 members, so it is never needed.
- A member living in a DHS or HRA shelter or in NYCHA housing lives in New York City, whatever place_of_residence says.

Implied conditions (not stated in the source text):
- none
"""
from checkers._common import NYC, NYC_ONLY_HOUSING, household_income, table_limit
from eligibench.household import Household, Member

ID = "FairFaresNYC"
# Yearly income limits for household sizes 1 to 14, then each additional person.
INCOME_LIMITS = (18072, 24528, 30984, 37440, 43896, 50352, 56808,
                 63264, 69720, 76176, 82632, 89088, 95544, 102000)
EXTRA_PER_PERSON = 0  # the 2024 table gives none; it runs to 14 people, past any household here


def lives_in_nyc(m: Member) -> bool:
    if m.housing_type in NYC_ONLY_HOUSING:
        return True
    if m.place_of_residence == NYC:
        return True
    return False


def member_qualifies(m: Member) -> bool:
    if not lives_in_nyc(m):
        return False
    if m.age < 18:
        return False
    if m.age > 64:
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
