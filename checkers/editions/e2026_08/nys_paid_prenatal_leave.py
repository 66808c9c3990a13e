"""NYS Paid Prenatal Leave.

Readings of ambiguous requirements:
- "Full- and part-time employees" is a member who works any hours a week (the derived fact works: work_hours_per_week above 0) and is not an independent contractor (contractor): a contractor is not an employee.
- "Employees in the private sector" and "employees of non-profit organizations" together are every employee who does not work for a government agency; "federal, state, or local government employees" are government_job and do not qualify.
- Where the employer is (New York State) is not modelled.

Implied conditions (not stated in the source text):
- The member is pregnant. Reason: Paid prenatal leave is time off for health care during pregnancy; the text lists who is employed where, and a caseworker applies it to a pregnant employee.
"""
from checkers.facts import works
from eligibench.household import Household, Member

ID = "NYSPaidPrenatalLeave"


def member_qualifies(m: Member) -> bool:
    if m.months_pregnant == 0:
        return False
    if not works(m):
        return False
    if m.contractor:
        return False
    if m.government_job:
        return False
    return True


def check(hh: Household) -> bool:
    for m in hh.members:
        if member_qualifies(m):
            return True
    return False
