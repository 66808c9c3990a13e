"""Earned Income Tax Credit.

Readings of ambiguous requirements:
- "You" is the person answering (the filer); the year meant is the last tax year.
- Married filing jointly is self.filing_jointly; married filing separately is a spouse member without joint filing; else single.
- "Earning" is the filers' work plus investment income (self, plus every spouse when filing jointly); "up to" includes the limit.
- Married filing separately uses the single limits.
- Qualifying children: relation child, adopted child, stepchild, foster child or grandchild; no age test.
- "Between ages 25 and 64" includes both ends; when filing jointly, either spouse in range suffices.
- "Lived with you more than half the year" and "lived apart for the last 6 months" read lived_together_last_6_months.
- Not modelled: legal separation under state law.
- Investment income is the filers' annual_investment_income (self, plus spouse when filing jointly).
"""
from checkers._common import member_income
from eligibench.household import Household, Member

ID = "EarnedIncomeTaxCredit"
QUALIFYING_CHILD_RELATIONS = ("child", "adopted child", "stepchild", "foster child", "grandchild")
JOINT_WITH_CHILDREN = 63_398
JOINT_NO_CHILDREN = 24_210
SINGLE_WITH_CHILDREN = 56_838
SINGLE_NO_CHILDREN = 17_640
INVESTMENT_LIMIT = 11_000  # must be less than this
MIN_AGE_NO_CHILDREN = 25
MAX_AGE_NO_CHILDREN = 64


def filers(hh: Household) -> list[Member]:
    me = hh.self_member
    found = [me]
    if me.filing_jointly:
        for m in hh.members:
            if m.relation == "spouse":
                found.append(m)
    return found


def has_qualifying_child(hh: Household) -> bool:
    for m in hh.members:
        if m.relation in QUALIFYING_CHILD_RELATIONS:
            return True
    return False


def has_resident_qualifying_child(hh: Household) -> bool:
    for m in hh.members:
        if m.relation not in QUALIFYING_CHILD_RELATIONS:
            continue
        if m.lived_together_last_6_months:
            return True
    return False


def has_spouse(hh: Household) -> bool:
    for m in hh.members:
        if m.relation == "spouse":
            return True
    return False


def lived_apart_from_spouse(hh: Household) -> bool:
    for m in hh.members:
        if m.relation != "spouse":
            continue
        if m.lived_together_last_6_months:
            return False
    return True


def filer_in_age_range(hh: Household) -> bool:
    for m in filers(hh):
        if m.age < MIN_AGE_NO_CHILDREN:
            continue
        if m.age > MAX_AGE_NO_CHILDREN:
            continue
        return True
    return False


def check(hh: Household) -> bool:
    me = hh.self_member
    if not me.has_ssn:
        return False
    children = has_qualifying_child(hh)
    if children:
        limit = SINGLE_WITH_CHILDREN
        if me.filing_jointly:
            limit = JOINT_WITH_CHILDREN
    else:
        limit = SINGLE_NO_CHILDREN
        if me.filing_jointly:
            limit = JOINT_NO_CHILDREN
    income = 0
    investments = 0
    for m in filers(hh):
        income += member_income(m)
        investments += m.annual_investment_income
    if income > limit:
        return False
    if not children:
        if not filer_in_age_range(hh):
            return False
    if not me.filing_jointly:
        if has_spouse(hh):
            if not has_resident_qualifying_child(hh):
                return False
            if not lived_apart_from_spouse(hh):
                return False
    if investments >= INVESTMENT_LIMIT:
        return False
    return True
