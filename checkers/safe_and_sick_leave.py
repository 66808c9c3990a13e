"""Safe and Sick Leave (NYC Paid Safe and Sick Leave).

Readings of ambiguous requirements:
- "Employee" means work_hours_per_week is at least 1; full-time and part-time both count.
- Where the person lives is not tested (employees who live outside NYC are covered); a transitional_job does not exclude.
- The licensed-therapist exclusion (physical, occupational or speech therapist, audiologist, meeting the pay threshold) is read from is_therapist.
- An independent contractor who is not an employee under New York State labor law is read from contractor.
- The exclusions are read from federal_work_study, scholarship, government_job, wep and collective_bargaining.
- not modelled: that the employer is in NYC (no feature holds the place of work).
- not modelled: the separate New York State COVID-19 leave for people under a quarantine or isolation order (no feature holds it).

Implied conditions (not stated in the source text):
- none
"""
from eligibench.household import Household, Member

ID = "SafeAndSickLeave"


def member_qualifies(m: Member) -> bool:
    if m.work_hours_per_week < 1:
        return False
    if m.federal_work_study:
        return False
    if m.scholarship:
        return False
    if m.government_job:
        return False
    if m.is_therapist:
        return False
    if m.contractor:
        return False
    if m.wep:
        return False
    if m.collective_bargaining:
        return False
    return True


def check(hh: Household) -> bool:
    for m in hh.members:
        if member_qualifies(m):
            return True
    return False
