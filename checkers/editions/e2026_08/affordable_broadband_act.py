"""Affordable Broadband Act.

Readings of ambiguous requirements:
- "Someone in your household receives" is any member receiving the benefit.
- "Medicaid" includes Medicaid received because of a disability.
- "Affordability benefit from a utility, such as HEAP" is receives_utility_assistance (HEAP or a utility's discount program).
- "Free or reduced-priced lunch through the National School Lunch Program" is receives_free_or_reduced_lunch.
- The income path ("you may still qualify based on household income; contact your internet provider for income limits") is not modelled: the text gives no limit, so a household with none of the listed benefits does not qualify here.

Implied conditions (not stated in the source text):
- none
"""
from eligibench.household import Household, Member

ID = "AffordableBroadbandAct"


def member_in_program(m: Member) -> bool:
    if m.receives_snap:
        return True
    if m.receives_medicaid:
        return True
    if m.receives_disability_medicaid:
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
    for m in hh.members:
        if member_in_program(m):
            return True
    return False
