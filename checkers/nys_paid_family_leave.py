"""NYS Paid Family Leave.

Readings of ambiguous requirements:
- "Resident of New York State" is read from place_of_residence being New York City (the only New York State value; "Jersey" is outside the state).
- "Works for an employer" means work_hours_per_week is at least 1.
- A public employer is read from government_job; any other employer is read as private; "opted in" is read from employer_opt_in. An independent contractor (contractor) works for no employer and is not covered: PFL covers employees, and the self-employed only if they buy their own coverage, which the schema does not record. Decided in the second reading 2024 (reader-B): a contractor working 40 hours a week was found eligible; Safe and Sick Leave reads contractor the same way.
- "Regularly works 20 or more hours a week" is read from work_hours_per_week; 20 hours counts as full time.
- "26 consecutive weeks" is read from consecutive_work_weeks (26 included); "175 days" from nonconsecutive_work_days (175 included).
- not modelled: that the private employer is in New York State (no feature holds the place of work).
- not modelled: the kinds of workers excluded on the program's own eligibility page (the source does not list them).
- A member living in a DHS or HRA shelter or in NYCHA housing lives in New York City, whatever place_of_residence says.

Implied conditions (not stated in the source text):
- none
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
    if m.contractor:
        return False  # an independent contractor has no employer (second reading 2024)
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
