"""Silver Corps.

Readings of ambiguous requirements:
- "At least 55 years of age" includes a member who is exactly 55.
- "NYC resident" is read from place_of_residence being New York City.
- "Unemployed or underemployed" means work_hours_per_week is below 35 (0 = unemployed; 1 to 34 = part time, read as underemployed).
- "Your income" in the table, given by household size, means household income: all members' yearly work and investment income; household size is the number of members.
- The income limit, which the source ties to the volunteer stipend and travel reimbursement, is read as a condition of eligibility because the source lists it among the conditions. Decided in the third reading (both editions, one shared rule): kept as a condition. The sentence stands in the list the text opens with "You're eligible for Silver Corps if you:", beside the age, residence and volunteering conditions; its "to qualify for a volunteer stipend and travel reimbursement" says what the income buys, and the stipend is what Silver Corps is (a paid volunteer program for older New Yorkers out of work): a member over the limit could volunteer elsewhere unpaid, but not in this program. A household one dollar over the limit is refused, at the limit accepted.
- The each-additional-person amount ($6,425) is kept as published; households here have at most 6 members, so it is never needed.
- not modelled: committing to volunteer at least 15 hours a week at a nonprofit or government agency.
- not modelled: willingness to take part in skills training, specialized training or credentialing programs.
- A member living in a DHS or HRA shelter or in NYCHA housing lives in New York City, whatever place_of_residence says.

Implied conditions (not stated in the source text):
- Underemployed means working fewer than 35 hours a week. Reason: The source says "underemployed" without a measure; 35 hours a week is the usual line between part-time and full-time work, and hours are the only employment measure a household states.
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
