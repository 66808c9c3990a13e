"""Essential Plan.

Readings of ambiguous requirements:
- "New York State resident" / "live in New York State" is read from place_of_residence being New York City (the schema knows New York City or outside it, the v1 value "Jersey"); a member living in a DHS or HRA shelter or in NYCHA housing lives in New York City, whatever place_of_residence says.
- "Meet immigration status requirements" / "a U.S. citizen or legally living in the U.S." is citizenship citizen_or_national or lawful_resident; unlawful_resident does not qualify.
- "Ages 19 to 64" includes 19 and 64.
- "Not eligible for Medicaid" is the derived fact medicaid_eligible being false: neither eligible_for_medicaid nor receiving Medicaid of any kind (receives_medicaid, receives_disability_medicaid): a member receiving Medicaid is eligible for it.
- "Not eligible for Child Health Plus": Child Health Plus covers children under 19, so every member of the Essential Plan ages (19 to 64) meets it; no separate condition.
- "Not eligible for employer and other coverage" is not eligible_for_employer_coverage (a job-based plan, TRICARE, COBRA), not enrolled in Medicare (receives_medicare) and not eligible for VA health care (va_healthcare).
- "Meet these income requirements based on your household size" is every member's yearly work and investment income against the yearly column; household size is the number of members; income equal to the limit qualifies.

Implied conditions (not stated in the source text):
- none
"""
from checkers._common import NYC, NYC_ONLY_HOUSING, household_income, table_limit
from checkers.facts import medicaid_eligible
from eligibench.household import Household, Member

ID = "EssentialPlan"
MIN_AGE = 19
MAX_AGE = 64
LAWFUL_STATUS = ("citizen_or_national", "lawful_resident")
# Yearly income limits for household sizes 1 to 8, then each additional person.
INCOME_LIMITS = (31920, 43280, 54640, 66000, 77360, 88720, 100080, 111440)
EACH_ADDITIONAL_PERSON = 11360


def lives_in_new_york_state(m: Member) -> bool:
    if m.housing_type in NYC_ONLY_HOUSING:
        return True
    if m.place_of_residence == NYC:
        return True
    return False


def has_other_coverage(m: Member) -> bool:
    if m.eligible_for_employer_coverage:
        return True
    if m.receives_medicare:
        return True
    if m.va_healthcare:
        return True
    return False


def member_qualifies(m: Member) -> bool:
    if not lives_in_new_york_state(m):
        return False
    if m.citizenship not in LAWFUL_STATUS:
        return False
    if m.age < MIN_AGE:
        return False
    if m.age > MAX_AGE:
        return False
    if medicaid_eligible(m):
        return False
    if has_other_coverage(m):
        return False
    return True


def check(hh: Household) -> bool:
    found = False
    for m in hh.members:
        if member_qualifies(m):
            found = True
    if not found:
        return False
    limit = table_limit(INCOME_LIMITS, EACH_ADDITIONAL_PERSON, hh.size)
    if household_income(hh) > limit:
        return False
    return True
