"""Child Tax Credit: the federal credit and the Empire State Child Tax Credit.

Readings of ambiguous requirements:
- The 2026 text adds the Empire State Child Tax Credit (New York State) to the federal credit; the household qualifies when it qualifies for either.
- "You" is the person answering, who files the tax return; "married filing jointly" is read from their filing_jointly; "married filing separately" means a spouse lives in the household and the person answering does not file jointly; everyone else files as single or head of household.
- "Annual income" and "New York adjusted gross income" are the filers' yearly work plus investment income: the person answering's own, plus every spouse's when filing jointly; "up to" and "or less" include the limit.
- The tax year is the last tax year.
- "Under age 17" is read from current age (16 or younger).
- "A Social Security Number (SSN) or Adoption Tax Identification Number (ATIN) for yourself and your dependent(s)" is read literally: for the federal credit both the person answering and the child need an SSN or an ATIN (an ITIN no longer serves the filer, as it did in the 2024 text).
- "Lived with your dependent(s) for more than half the year in the US" is read from lived_together_last_6_months; not modelled: that the home was in the US.
- "Claimed the dependent on your tax return" is read from the child's dependent flag; "cannot provide more than half of their own financial support" from provides_over_half_of_own_financial_support.
- Qualifying relations: child, stepchild, grandchild, foster child, adopted child, sibling, niece or nephew.
- not modelled: only one parent can claim a child (the household is tested from the person answering's return).
- "A qualifying child" for the Empire State credit is the federal qualifying child (relation, under 17, lived together, claimed, not self-supporting), except for the number: each child needs an SSN or an ITIN.
- "Full-year New York State resident or married to one" is read as the person answering, or a spouse, living in New York City (place_of_residence, or NYC-only housing), the only New York location the features record; full-year residence is assumed.
- "You claimed the federal CTC" is read as qualifying for the federal credit above.

Implied conditions (not stated in the source text):
- none
"""
# ruff: noqa: F821  (the twin's helpers and constants: share_rules, below, defines them here)
from checkers._common import NYC, NYC_ONLY_HOUSING, TAX_CHILD_RELATIONS
from checkers.editions.variant import share_rules
from eligibench.household import Household, Member

# Shares the rules of checkers/child_tax_credit.py (the filers' income, its federal limits, the child's
# SSN or ATIN); the 2026-08 text asks the filer for the same numbers (filer_has_taxpayer_number replaced)
# and adds the Empire State credit, whose qualifying child is the federal one with an SSN or ITIN
# (is_qualifying_child, without the number test, and check replaced). check stands first in this file
# so that the helpers keep the whole module's order in the composed code.
TWIN = "checkers.child_tax_credit"
ID = "ChildTaxCredit"
CHILD_AGE_MAX = 16  # "under age 17"
EMPIRE_SINGLE_LIMIT = 75_000
EMPIRE_JOINT_LIMIT = 110_000
EMPIRE_SEPARATE_LIMIT = 55_000


def check(hh: Household) -> bool:
    if qualifies_for_federal_credit(hh):
        return True
    if qualifies_for_empire_state_credit(hh):
        return True
    return False


def filer_has_taxpayer_number(me: Member) -> bool:
    # "an SSN or ATIN for yourself and your dependent(s)": the filer's number is the child's (the
    # twin's child_has_number), no longer an SSN or ITIN
    if child_has_number(me):
        return True
    return False


def has_ssn_or_itin(m: Member) -> bool:
    if m.has_ssn:
        return True
    if m.has_itin:
        return True
    return False


def is_qualifying_child(m: Member) -> bool:
    if m.relation not in TAX_CHILD_RELATIONS:
        return False
    if m.age > CHILD_AGE_MAX:
        return False
    if not m.lived_together_last_6_months:
        return False
    if not m.dependent:
        return False
    if m.provides_over_half_of_own_financial_support:
        return False
    return True


def qualifies_for_federal_credit(hh: Household) -> bool:
    me = hh.self_member
    limit = SINGLE_LIMIT
    if me.filing_jointly:
        limit = JOINT_LIMIT
    if filers_income(hh) > limit:
        return False
    if not filer_has_taxpayer_number(me):
        return False
    for m in hh.members:
        if not is_qualifying_child(m):
            continue
        if child_has_number(m):
            return True
    return False


def lives_in_new_york(m: Member) -> bool:
    if m.housing_type in NYC_ONLY_HOUSING:
        return True
    if m.place_of_residence == NYC:
        return True
    return False


def filer_or_spouse_lives_in_new_york(hh: Household) -> bool:
    if lives_in_new_york(hh.self_member):
        return True
    for m in hh.members:
        if m.relation != "spouse":
            continue
        if lives_in_new_york(m):
            return True
    return False


def has_empire_qualifying_child(hh: Household) -> bool:
    for m in hh.members:
        if not is_qualifying_child(m):
            continue
        if has_ssn_or_itin(m):
            return True
    return False


def has_spouse(hh: Household) -> bool:
    for m in hh.members:
        if m.relation == "spouse":
            return True
    return False


def within_empire_income_limit(hh: Household) -> bool:
    limit = EMPIRE_SINGLE_LIMIT
    if hh.self_member.filing_jointly:
        limit = EMPIRE_JOINT_LIMIT
    elif has_spouse(hh):
        limit = EMPIRE_SEPARATE_LIMIT
    if filers_income(hh) <= limit:
        return True
    return False


def qualifies_for_empire_state_credit(hh: Household) -> bool:
    if not filer_or_spouse_lives_in_new_york(hh):
        return False
    if not has_empire_qualifying_child(hh):
        return False
    if qualifies_for_federal_credit(hh):
        return True
    if within_empire_income_limit(hh):
        return True
    return False


share_rules(globals())
