"""Affordable Broadband Act.

Readings of ambiguous requirements:
- "Someone in your household receives" is any member receiving the benefit.
- "Medicaid" includes Medicaid received because of a disability (the derived fact receives_medicaid: receives_medicaid or receives_disability_medicaid).
- SNAP is a household benefit (the derived fact household_receives_snap: any member receives SNAP), so the household participates in SNAP whichever member the flag is recorded on.
- "Affordability benefit from a utility, such as HEAP" is receives_utility_assistance (HEAP or a utility's discount program).
- "Free or reduced-priced lunch through the National School Lunch Program" is receives_free_or_reduced_lunch.
- The income path ("you may still qualify based on household income; contact your internet provider for income limits") is not modelled: the text gives no limit, so a household with none of the listed benefits does not qualify here.

Implied conditions (not stated in the source text):
- none
"""
from checkers.facts import household_receives_snap, receives_medicaid
from eligibench.household import Household, Member

ID = "AffordableBroadbandAct"


def member_in_program(m: Member) -> bool:
    if receives_medicaid(m):
        return True
    if m.receives_scrie:
        return True
    if m.receives_drie:
        return True
    if m.receives_utility_assistance:
        return True
    if m.receives_free_or_reduced_lunch:
        return True
    return False


def check(hh: Household) -> bool:
    if household_receives_snap(hh):
        return True
    for m in hh.members:
        if member_in_program(m):
            return True
    return False
