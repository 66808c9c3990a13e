"""Qualified Health Plans.

Readings of ambiguous requirements:
- "New York State resident" / "live in New York State" is read from place_of_residence being New York City (the schema knows New York City or outside it, the v1 value "Jersey"); a member living in a DHS or HRA shelter or in NYCHA housing lives in New York City, whatever place_of_residence says.
- "Meet immigration status requirements" / "a U.S. citizen or legally living in the U.S." is citizenship citizen_or_national or lawful_resident; unlawful_resident does not qualify.
- "Do not qualify for Medicaid" is the derived fact medicaid_eligible being false: neither eligible_for_medicaid nor receiving Medicaid of any kind (receives_medicaid, receives_disability_medicaid).
- "Do not qualify for Child Health Plus" applies Child Health Plus's 2026-08 rules (ChildHealthPlusAndChildrensMedicaid): a member 18 or younger without other health insurance (health_insurance false) who does not qualify for Medicaid qualifies for it, so not for a Qualified Health Plan; a child who has health insurance does not qualify for Child Health Plus and may enroll in a Qualified Health Plan. Decided in issue 30: this reading said every child under 19 qualifies for Child Health Plus while the Child Health Plus checker of the same edition excludes insured children; one edition now reads Child Health Plus one way (as the Essential Plan condition already applied the Essential Plan checker's rules). The Essential Plan's own minimum age (19) is now tested here, since children reach that test.
- "Do not qualify for the Essential Plan" applies the Essential Plan's 2026-08 rules (EssentialPlan): a member 19 to 64 without job-based or other coverage (eligible_for_employer_coverage, receives_medicare, va_healthcare) in a household at or below the Essential Plan income limit qualifies for it, so not for a Qualified Health Plan.

Implied conditions (not stated in the source text):
- none
"""
from checkers._common import NYC, NYC_ONLY_HOUSING, household_income, table_limit
from checkers.facts import medicaid_eligible
from eligibench.household import Household, Member

ID = "QualifiedHealthPlans"
# Child Health Plus's rules in this edition (checkers/editions/e2026_08/child_health_plus_and_childrens_medicaid.py):
# a child 18 or younger without other health insurance (Medicaid is tested before).
CHILD_HEALTH_PLUS_MAX_AGE = 18
LAWFUL_STATUS = ("citizen_or_national", "lawful_resident")
# The Essential Plan's rules in this edition (checkers/editions/e2026_08/essential_plan.py).
ESSENTIAL_PLAN_MIN_AGE = 19
ESSENTIAL_PLAN_MAX_AGE = 64
ESSENTIAL_PLAN_INCOME_LIMITS = (31920, 43280, 54640, 66000, 77360, 88720, 100080, 111440)
ESSENTIAL_PLAN_EACH_ADDITIONAL_PERSON = 11360


def lives_in_new_york_state(m: Member) -> bool:
    if m.housing_type in NYC_ONLY_HOUSING:
        return True
    if m.place_of_residence == NYC:
        return True
    return False


def qualifies_for_child_health_plus(m: Member) -> bool:
    """For a member already known to live in New York State and not to qualify for Medicaid: the rest
    of Child Health Plus's test (its immigration status does not matter)."""
    if m.age > CHILD_HEALTH_PLUS_MAX_AGE:
        return False
    if m.health_insurance:
        return False
    return True


def qualifies_for_essential_plan(hh: Household, m: Member) -> bool:
    """For a member already known to live in New York State, with lawful status and without
    Medicaid: the rest of the Essential Plan's test."""
    if m.age < ESSENTIAL_PLAN_MIN_AGE:
        return False
    if m.age > ESSENTIAL_PLAN_MAX_AGE:
        return False
    if m.eligible_for_employer_coverage:
        return False
    if m.receives_medicare:
        return False
    if m.va_healthcare:
        return False
    limit = table_limit(ESSENTIAL_PLAN_INCOME_LIMITS, ESSENTIAL_PLAN_EACH_ADDITIONAL_PERSON, hh.size)
    if household_income(hh) > limit:
        return False
    return True


def member_qualifies(hh: Household, m: Member) -> bool:
    if not lives_in_new_york_state(m):
        return False
    if m.citizenship not in LAWFUL_STATUS:
        return False
    if medicaid_eligible(m):
        return False
    if qualifies_for_child_health_plus(m):
        return False
    if qualifies_for_essential_plan(hh, m):
        return False
    return True


def check(hh: Household) -> bool:
    for m in hh.members:
        if member_qualifies(hh, m):
            return True
    return False
