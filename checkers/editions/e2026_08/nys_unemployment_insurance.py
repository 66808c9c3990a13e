"""NYS Unemployment Insurance.

Readings of ambiguous requirements:
- "Lost your job through no fault of your own" is read from lost_job.
- "Able to start a job immediately" is read from can_work_immediately.
- "Actively seeking work" means days_looking_for_work is more than 0.
- Work authorization now and at job loss is read from authorized_to_work_in_us and was_authorized_to_work_when_job_lost.
- The 2024 text's "worked within the last 18 months" is gone from the 2026 text, so how long ago the person last worked (months_since_worked) is not tested.
- not modelled: meeting the minimum earnings requirements (the source links to them without stating an amount or period, and no feature holds past earnings).
- not modelled: keeping a written record of job-search activities each week and attending required appointments at a Career Center (things the claimant must do after applying, not facts a household states).
- Being fully out of work now is not a condition, but working more than 30 hours a week is (see the implied condition). Decided in issue 30 (the same in both editions): the text asks for a job lost through no fault and an active search, not for being unemployed today; New York pays partial unemployment benefits in weeks of reduced (part-time) work, and no household fact states a claim week.

Implied conditions (not stated in the source text):
- The person works no more than 30 hours a week. Reason: Unemployment Insurance pays for weeks without work or of reduced work: New York pays partial benefits only in a week of 30 hours of work or fewer, so a person working more hours now is not unemployed. Decided in the second reading (reader-C found a person who lost a job and now works 40 hours a week read as eligible); refines the issue-30 decision that being out of work now is not required (both editions).
"""
# ruff: noqa: F821  (the twin's helpers and constants: share_rules, below, defines them here)
from checkers.editions.variant import share_rules
from eligibench.household import Member

# Shares the rules of checkers/nys_unemployment_insurance.py; the 2026-08 text drops "worked within
# the last 18 months", so member_qualifies is replaced.
TWIN = "checkers.nys_unemployment_insurance"
ID = "NYSUnemploymentInsurance"


def member_qualifies(m: Member) -> bool:
    if not m.lost_job:
        return False
    if m.days_looking_for_work < 1:
        return False
    if not m.can_work_immediately:
        return False
    if m.work_hours_per_week > MAX_PARTIAL_HOURS:
        return False
    if not m.authorized_to_work_in_us:
        return False
    if not m.was_authorized_to_work_when_job_lost:
        return False
    return True


share_rules(globals())
