"""COVID-19 Funeral Assistance.

Readings of ambiguous requirements:
- "U.S. citizen or noncitizen national" is citizen_or_national; "qualified noncitizen" is lawful_resident.
- Paying COVID-19 funeral expenses on or after January 20, 2020, for a death attributed to COVID-19 on the death certificate, is covid_funeral_expenses.
"""
from eligibench.household import Household, Member

ID = "COVIDnineteenFuneralAssistance"
ELIGIBLE_STATUS = ("citizen_or_national", "lawful_resident")


def member_qualifies(m: Member) -> bool:
    if m.citizenship not in ELIGIBLE_STATUS:
        return False
    if not m.covid_funeral_expenses:
        return False
    return True


def check(hh: Household) -> bool:
    for m in hh.members:
        if member_qualifies(m):
            return True
    return False
