"""NYC Free Tax Prep.

Readings of ambiguous requirements:
- "You" is the person answering, who files the tax return; the year meant is the last tax year.
- "Earned" means the filers' yearly work plus investment income: the person answering's own, plus every spouse's when they file jointly (filing_jointly); "or less" includes the limit.
- "Have dependents" means at least one member is a tax dependent of the person answering (dependent).

Implied conditions (not stated in the source text):
- none
"""
from checkers._common import member_income
from eligibench.household import Household

ID = "NYCFreeTaxPrep"
LIMIT_WITH_DEPENDENTS = 85_000
LIMIT_WITHOUT_DEPENDENTS = 59_000


def filers_income(hh: Household) -> int:
    me = hh.self_member
    total = member_income(me)
    if me.filing_jointly:
        for m in hh.members:
            if m.relation == "spouse":
                total += member_income(m)
    return total


def has_dependents(hh: Household) -> bool:
    for m in hh.members:
        if m.dependent:
            return True
    return False


def check(hh: Household) -> bool:
    limit = LIMIT_WITHOUT_DEPENDENTS
    if has_dependents(hh):
        limit = LIMIT_WITH_DEPENDENTS
    if filers_income(hh) > limit:
        return False
    return True
