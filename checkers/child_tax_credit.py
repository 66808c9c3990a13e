"""Child Tax Credit.

Readings of ambiguous requirements:
- "You" is the person answering, who files the tax return; "married filing jointly" is read from their filing_jointly.
- "You earned" means the filers' yearly work plus investment income: the person answering's own, plus every spouse's when filing jointly.
- "The tax year" is the last tax year; "up to" includes the limit itself.
- "16 or younger" is read from current age.
- "Lived with you for over half of the year in the U.S." is read from lived_together_last_6_months; not modelled: that the home was in the U.S. (left out of the requirements).
- "Claiming them as a dependent" is read from the child's dependent flag.
- Qualifying relations: child, stepchild, grandchild, foster child, adopted child, sibling, niece or nephew.

Implied conditions (not stated in the source text):
- none
"""
from checkers._common import TAX_CHILD_RELATIONS, member_income
from eligibench.household import Household, Member

ID = "ChildTaxCredit"
SINGLE_LIMIT = 200_000
JOINT_LIMIT = 400_000


def filers_income(hh: Household) -> int:
    me = hh.self_member
    total = member_income(me)
    if me.filing_jointly:
        for m in hh.members:
            if m.relation == "spouse":
                total += member_income(m)
    return total


def filer_has_taxpayer_number(me: Member) -> bool:
    if me.has_ssn:
        return True
    if me.has_itin:
        return True
    return False


def child_has_number(m: Member) -> bool:
    if m.has_ssn:
        return True
    if m.has_atin:
        return True
    return False


def is_qualifying_child(m: Member) -> bool:
    if m.relation not in TAX_CHILD_RELATIONS:
        return False
    if m.age > 16:
        return False
    if not child_has_number(m):
        return False
    if not m.lived_together_last_6_months:
        return False
    if not m.dependent:
        return False
    if m.provides_over_half_of_own_financial_support:
        return False
    return True


def check(hh: Household) -> bool:
    me = hh.self_member
    limit = SINGLE_LIMIT
    if me.filing_jointly:
        limit = JOINT_LIMIT
    if filers_income(hh) > limit:
        return False
    if not filer_has_taxpayer_number(me):
        return False
    for m in hh.members:
        if is_qualifying_child(m):
            return True
    return False
