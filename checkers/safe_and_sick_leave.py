"""Safe and Sick Leave (NYC Paid Safe and Sick Leave).

Readings of ambiguous requirements:
- "Employee" means work_hours_per_week is at least 1 (full or part time).
- Residence is not tested; a transitional job does not exclude.
- The licensed-therapist exclusion is is_therapist.
- The independent-contractor exclusion is contractor.
- Other exclusions: federal_work_study, scholarship, government_job, wep, collective_bargaining.
- Not modelled: that the employer is in NYC.
- Not modelled: the NYS COVID-19 leave for people under quarantine or isolation orders.
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
