"""NYC Free Tax Prep.

Readings of ambiguous requirements:
- "You" is the person answering, who files the tax return; "tax year 2025" and "in 2025" are the last tax year.
- "Earned" means the filers' yearly work plus investment income: the person answering's own, plus every spouse's when they file jointly (filing_jointly); "or less" includes the limit.
- "Have qualifying children or dependents" means at least one member is a tax dependent of the person answering (dependent) or is a qualifying child: relation child, adopted child, stepchild, foster child, grandchild, sibling or niece or nephew and meeting the age test (an implied condition), as in this edition's Earned Income Tax Credit (the IRS relationship test). Changed in the third reading: siblings, nieces and nephews were left out, so a single filer earning $80,000 who lives all year with a 10-year-old sibling was held to the $68,000 limit, although the checker's own reading ("as in this edition's Earned Income Tax Credit") includes them.
- "Disabled at any age" (the implied age test) is read from the derived fact disability (any): disabled, developmental_condition, blind or deaf_or_hearing_loss, as in the Earned Income Tax Credit of both editions. Changed in issue 30: only disabled was read.

Implied conditions (not stated in the source text):
- A qualifying child is younger than the person answering (or than the spouse when filing jointly) and under 19, or under 24 and a full-time student (enrolled in an educational program or having a current school level); or disabled at any age. Reason: The IRS qualifying-child age test: without it a grown son or daughter would make a filer one "with qualifying children"; a child who is not disabled must also be younger than the filer or spouse (third reading, as the Earned Income Tax Credit).
"""
# ruff: noqa: F821  (the twin's helpers and constants: share_rules, below, defines them here)
from checkers._common import TAX_CHILD_RELATIONS
from checkers.editions.variant import share_rules
from checkers.facts import disability
from eligibench.household import Household, Member

# Shares the rules of checkers/nyc_free_tax_prep.py (the filers' income against the limit with or
# without dependents); the 2026-08 limits differ, and "have qualifying children or dependents" adds
# the IRS qualifying child (this edition's Earned Income Tax Credit's reading), so has_dependents is
# replaced (its helpers read the qualifying-child test, as the Earned Income Tax Credit writes it).
TWIN = "checkers.nyc_free_tax_prep"
ID = "NYCFreeTaxPrep"
LIMIT_WITH_DEPENDENTS = 97_000
LIMIT_WITHOUT_DEPENDENTS = 68_000
# The IRS relationship test, as this edition's Earned Income Tax Credit reads it (siblings, nieces
# and nephews included: "include" does not close a list; third reading).
QUALIFYING_CHILD_RELATIONS = TAX_CHILD_RELATIONS
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


def younger_than_a_filer(hh: Household, m: Member) -> bool:
    # IRS age test: younger than the filer, or than the spouse when filing jointly
    for f in filers(hh):
        if m.age < f.age:
            return True
    return False


def meets_child_age_test(hh: Household, m: Member) -> bool:
    if disability(m, "any"):
        return True  # a permanently and totally disabled child meets the age test at any age
    if not younger_than_a_filer(hh, m):
        return False
    if m.age < CHILD_AGE_BELOW:
        return True
    if m.age >= STUDENT_AGE_BELOW:
        return False
    if is_full_time_student(m):
        return True
    return False


def is_qualifying_child(hh: Household, m: Member) -> bool:
    if m.relation not in QUALIFYING_CHILD_RELATIONS:
        return False
    if not meets_child_age_test(hh, m):
        return False
    return True


def has_dependents(hh: Household) -> bool:
    # "qualifying children or dependents": a tax dependent, or a qualifying child
    for m in hh.members:
        if m.dependent:
            return True
        if is_qualifying_child(hh, m):
            return True
    return False


share_rules(globals())
