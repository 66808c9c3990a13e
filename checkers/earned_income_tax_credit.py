"""Earned Income Tax Credit.

Readings of ambiguous requirements:
- "You" is the person answering, who files the tax return; the year meant is the last tax year.
- "Married" filing jointly is read from the person answering's filing_jointly; "married filing separately" means a spouse lives in the household and the person answering does not file jointly; everyone else files as single.
- "Earning" means the filers' yearly work plus investment income: the person answering's own, plus every spouse's when filing jointly; "up to" includes the limit.
- A married person filing separately is held to the single limits (the source gives no separate limits).
- "Qualifying children" are members whose relation is child, adopted child (read as a biological child's equal), stepchild, foster child, grandchild, sibling or niece or nephew, and who meet the age test (an implied condition). "Include" does not close the list: the IRS relationship test for a qualifying child also covers brothers and sisters and their descendants, as the Child Tax Credit text of the same edition lists. Decided in the second reading 2024 (reader-A), both editions (one shared rule): a single filer earning 30,000 raising a 10-year-old sibling was held to the no-children limit.
- "Filers between ages 25 and 64" includes 25 and 64; when filing jointly, either spouse in that range is enough.
- "Lived with you for more than half of the year" and "lived apart from your spouse for the last 6 months" are read from lived_together_last_6_months.
- not modelled: legal separation under state law (only living apart is checked).
- "Investment income" is the filers' yearly investment income (self, plus spouse when filing jointly).
- "Full-time student" (for the age test) is read as enrolled in an educational program or having a current school level (pre-K to college); full-time is not modelled.
- "Disabled at any age" is read from the derived fact disability (any): disabled, developmental_condition, blind or deaf_or_hearing_loss; the schema has no severity, so "permanently and totally" is not modelled. Changed in issue 30: only disabled was read, although blindness, deafness and a serious developmental condition are disabilities, so a member with only one of those flags got the other verdict.

Implied conditions (not stated in the source text):
- A qualifying child is younger than the person answering (or than the spouse when filing jointly) and under 19, or under 24 and a full-time student; or disabled at any age. Reason: The IRS qualifying-child age test for the EITC: without it a grown son or daughter would make a filer one "with qualifying children". A child who is not permanently and totally disabled must also be younger than the filer or spouse. Decided in the third reading (both editions, one shared rule): a sibling older than the filer counted; the relationship test takes in siblings, and the same IRS age test keeps an older brother or sister out.
- The filers have income from work: yearly work income above $0 (the person answering's, plus the spouse's when filing jointly). Reason: The Earned Income Tax Credit is a share of earned income (wages, salaries, self-employment): a filer with no earnings gets no credit however low their income, and the IRS requires earned income. "Earning up to" bounds the earnings; it does not make earning nothing enough. Added in issue 30 (second reading 2024-a): a parent with only investment income was found eligible.
"""
from checkers._common import TAX_CHILD_RELATIONS, member_income
from checkers.facts import disability
from eligibench.household import Household, Member

ID = "EarnedIncomeTaxCredit"
# The IRS relationship test, as Child Tax Credit lists it (second reading 2024: "include" is not a closed list).
QUALIFYING_CHILD_RELATIONS = TAX_CHILD_RELATIONS
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


def younger_than_a_filer(hh: Household, m: Member) -> bool:
    # IRS age test: younger than the filer, or than the spouse when filing jointly (third reading)
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


def has_qualifying_child(hh: Household) -> bool:
    for m in hh.members:
        if is_qualifying_child(hh, m):
            return True
    return False


def has_resident_qualifying_child(hh: Household) -> bool:
    for m in hh.members:
        if not is_qualifying_child(hh, m):
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
    earned = 0
    investments = 0
    for m in filers(hh):
        income += member_income(m)
        earned += m.annual_work_income
        investments += m.annual_investment_income
    if earned <= 0:
        return False  # implied: the credit is a share of earned income
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
