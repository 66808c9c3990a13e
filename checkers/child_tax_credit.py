"""Child Tax Credit.

Readings of ambiguous requirements:
- "You" is the person answering (the filer); "married filing jointly" is their filing_jointly.
- "You earned" is the filers' work plus investment income: self, plus every spouse when filing jointly.
- "The tax year" is the last tax year; "up to" includes the limit itself.
- "16 or younger" is read from current age.
- "Lived with you for over half of the year in the U.S." is lived_together_last_6_months; the U.S. part is not modelled.
- "Claiming them as a dependent" is the child's dependent flag.
- Qualifying relations: TAX_CHILD_RELATIONS (child, stepchild, foster child, adopted child, grandchild, sibling, niece or nephew).
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
