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
from checkers._common import member_income
from checkers.editions.variant import share_rules
from eligibench.household import Household

# "Qualifying children as in this edition's Earned Income Tax Credit": shares the qualifying-child test
# of checkers/earned_income_tax_credit.py (the rules both editions' Earned Income Tax Credit run: the
# IRS relationship test with siblings, nieces and nephews, the age test, younger than a filer), so a
# change to that reading reaches both programs. check is this program's rule (the filers' income
# against the limit with or without qualifying children or dependents); the credit's own rules and
# numbers, which only its check read, are dropped.
TWIN = "checkers.earned_income_tax_credit"
ID = "NYCFreeTaxPrep"
LIMIT_WITH_DEPENDENTS = 97_000
LIMIT_WITHOUT_DEPENDENTS = 68_000


def filers_income(hh: Household) -> int:
    total = 0
    for m in filers(hh):
        total += member_income(m)
    return total


def has_qualifying_child_or_dependent(hh: Household) -> bool:
    for m in hh.members:
        if m.dependent:
            return True
        if is_qualifying_child(hh, m):
            return True
    return False


def check(hh: Household) -> bool:
    limit = LIMIT_WITHOUT_DEPENDENTS
    if has_qualifying_child_or_dependent(hh):
        limit = LIMIT_WITH_DEPENDENTS
    if filers_income(hh) > limit:
        return False
    return True


share_rules(globals())
