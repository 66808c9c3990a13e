"""Older Adult Employment Program: paid job training and placement for low-income New Yorkers 55 and older.

Readings of ambiguous requirements:
- "55 years or older" includes age 55.
- "Live in the five boroughs" is read from place_of_residence being New York City.
- "Unemployed" means working 0 hours a week (work_hours_per_week is 0).
- "Household income" is every member's yearly work and investment income; household size is the number of members.
- not modelled: willingness to learn new skills and commitment to actively seek employment.
- A member living in a DHS or HRA shelter or in NYCHA housing lives in New York City, whatever place_of_residence says.

Implied conditions (not stated in the source text):
- none
"""
from checkers._common import NYC, NYC_ONLY_HOUSING, household_income, table_limit
from eligibench.household import Household, Member

ID = "OlderAdultEmploymentProgram"

YEARLY_LIMITS = (18825, 25550, 32275, 39000, 45725, 52450, 59175, 65900)
EXTRA_PER_PERSON = 6725


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
    if m.work_hours_per_week > 0:
        return False
    return True


def check(hh: Household) -> bool:
    limit = table_limit(YEARLY_LIMITS, EXTRA_PER_PERSON, hh.size)
    if household_income(hh) > limit:
        return False
    for m in hh.members:
        if member_qualifies(m):
            return True
    return False
