"""NYC Free Tax Prep.

Readings of ambiguous requirements:
- "You" is the person answering, who files the tax return; "tax year 2025" and "in 2025" are the last tax year.
- "Earned" means the filers' yearly work plus investment income: the person answering's own, plus every spouse's when they file jointly (filing_jointly); "or less" includes the limit.
- "Have qualifying children or dependents" means at least one member is a tax dependent of the person answering (dependent) or is a qualifying child: relation child, adopted child, stepchild, foster child or grandchild and meeting the age test (an implied condition), as in this edition's Earned Income Tax Credit.
- "Disabled at any age" (the implied age test) is read from the derived fact disability (any): disabled, developmental_condition, blind or deaf_or_hearing_loss, as in the Earned Income Tax Credit of both editions. Changed in issue 30: only disabled was read.

Implied conditions (not stated in the source text):
- A qualifying child is under 19, or under 24 and a full-time student (enrolled in an educational program or having a current school level), or disabled at any age. Reason: The IRS qualifying-child age test: without it a grown son or daughter would make a filer one "with qualifying children".
"""
from checkers._common import member_income
from checkers.facts import disability
from eligibench.household import Household, Member

ID = "NYCFreeTaxPrep"
LIMIT_WITH_DEPENDENTS = 97_000
LIMIT_WITHOUT_DEPENDENTS = 68_000
QUALIFYING_CHILD_RELATIONS = ("child", "adopted child", "stepchild", "foster child", "grandchild")
# IRS qualifying child: under 19, under 24 if a full-time student, any age if disabled.
CHILD_AGE_BELOW = 19
STUDENT_AGE_BELOW = 24


def filers_income(hh: Household) -> int:
    me = hh.self_member
    total = member_income(me)
    if me.filing_jointly:
        for m in hh.members:
            if m.relation == "spouse":
                total += member_income(m)
    return total


def is_full_time_student(m: Member) -> bool:
    if m.enrolled_in_educational_training:
        return True
    if m.current_school_level != "none":
        return True
    return False


def meets_child_age_test(m: Member) -> bool:
    if m.age < CHILD_AGE_BELOW:
        return True
    if disability(m, "any"):
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


def has_qualifying_child_or_dependent(hh: Household) -> bool:
    for m in hh.members:
        if m.dependent:
            return True
        if is_qualifying_child(m):
            return True
    return False


def check(hh: Household) -> bool:
    limit = LIMIT_WITHOUT_DEPENDENTS
    if has_qualifying_child_or_dependent(hh):
        limit = LIMIT_WITH_DEPENDENTS
    if filers_income(hh) > limit:
        return False
    return True
