"""Earned Income Tax Credit.

Readings of ambiguous requirements:
- "You" is the person answering (the filer); the year meant is the last tax year.
- Married filing jointly is self.filing_jointly; married filing separately is a spouse member without joint filing; else single.
- "Earning" is the filers' work plus investment income (self, plus every spouse when filing jointly); "up to" includes the limit.
- Married filing separately uses the single limits.
- Qualifying children: relation child, adopted child, stepchild, foster child or grandchild.
- Implied: a qualifying child is under 19, or under 24 and a full-time student, or disabled at any age (the IRS qualifying-child age test; a grown son does not make a filer "with children").
- "Full-time student" is enrolled_in_educational_training or any current_school_level other than "none".
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
# IRS qualifying child: under 19, under 24 if a full-time student, any age if disabled.
CHILD_AGE_BELOW = 19
STUDENT_AGE_BELOW = 24


def filers(hh: Household) -> list[Member]:
    me = hh.self_member
    found = [me]
    if me.filing_jointly:
        for m in hh.members:
            if m.relation == "spouse":
                found.append(m)
    return found


def is_full_time_student(m: Member) -> bool:
    if m.enrolled_in_educational_training:
        return True
    if m.current_school_level != "none":
        return True
    return False


def meets_child_age_test(m: Member) -> bool:
    if m.age < CHILD_AGE_BELOW:
        return True
    if m.disabled:
        return True
    if m.age >= STUDENT_AGE_BELOW:
        return False
    if is_full_time_student(m):
        return True
    return False


def is_qualifying_child(m: Member) -> bool:
    if m.relation not in QUALIFYING_CHILD_RELATIONS:
        return False
    if not meets_child_age_test(m):
        return False
    return True


def has_qualifying_child(hh: Household) -> bool:
    for m in hh.members:
        if is_qualifying_child(m):
            return True
    return False


def has_resident_qualifying_child(hh: Household) -> bool:
    for m in hh.members:
        if not is_qualifying_child(m):
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
