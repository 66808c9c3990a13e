"""COVID-19 Funeral Assistance.

Readings of ambiguous requirements:
- "U.S. citizen or noncitizen national" is citizenship citizen_or_national; "qualified noncitizen" is read as lawful_resident.
- "Incurred COVID-19-related funeral expenses on or after January 20, 2020" and "death attributed to COVID-19 on the death certificate" are read together from covid_funeral_expenses (the program start date is a fixed date, kept as is).

Implied conditions (not stated in the source text):
- none
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
