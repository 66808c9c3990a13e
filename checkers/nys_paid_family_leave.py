"""NYS Paid Family Leave.

Readings of ambiguous requirements:
- "Resident of New York State" means place_of_residence is "New York City" (the only NYS value).
- "Works for an employer" means work_hours_per_week is at least 1.
- A public employer is government_job; any other employer is private; "opted in" is employer_opt_in.
- Full time means work_hours_per_week of 20 or more.
- 26 consecutive weeks is consecutive_work_weeks >= 26; 175 days is nonconsecutive_work_days >= 175.
- Not modelled: that the private employer is in New York State (no feature holds the place of work).
- Not modelled: the kinds of workers excluded on the program's own eligibility page.
"""
from checkers._common import NYC, NYC_ONLY_HOUSING
from eligibench.household import Household, Member

ID = "NYSPaidFamilyLeave"


def lives_in_nyc(m: Member) -> bool:
    if m.housing_type in NYC_ONLY_HOUSING:
        return True
    if m.place_of_residence == NYC:
        return True
    return False


def employer_covered(m: Member) -> bool:
    if not m.government_job:
        return True
    if m.employer_opt_in:
        return True
    return False


def worked_long_enough(m: Member) -> bool:
    if m.work_hours_per_week >= 20:
        if m.consecutive_work_weeks >= 26:
            return True
        return False
    if m.nonconsecutive_work_days >= 175:
        return True
    return False


def member_qualifies(m: Member) -> bool:
    if not lives_in_nyc(m):
        return False
    if m.work_hours_per_week < 1:
        return False
    if not employer_covered(m):
        return False
    if not worked_long_enough(m):
        return False
    return True


def check(hh: Household) -> bool:
    for m in hh.members:
        if member_qualifies(m):
            return True
    return False
