"""Child Care Vouchers.

Readings of ambiguous requirements:
- "If you get cash assistance" means any member receives it: the derived fact temporary_assistance (receives_cash_assistance or receives_temporary_assistance), because HRA Cash Assistance is New York State Temporary Assistance as HRA runs it in NYC (the two flags name one program). Changed in issue 30: only receives_cash_assistance was read.
- Homelessness is no longer a financial route in the 2026-08 text (it was in 2024): a household qualifies financially only through cash assistance or the income table; "Unhoused" is now only a reason for care.
- "Household income" is every member's yearly work and investment income; the table is monthly, so the yearly income divided by 12 is compared with the monthly amount; household size is the number of members.
- "Below" is strict: a monthly income equal to the table amount does not qualify.
- The 8-person amount printed as "$13,396,64" is read as $13,396.64.
- The table starts at 2 people; a household of 1 is held to the 2-person amount. The source gives no rule past 20 people; larger households use the 20-person amount.
- "Each parent" means the parents of the child in care, read through the derived fact reason_for_care_counts (the members whose reason for care counts for a child the household raises: the answering person and spouse, the child's own parent in the household, a guardian): when a child in care is the answering person's own (child, stepchild, foster child, adopted child), the parents are the answering person and, when present, their spouse; otherwise, when the child's own parent lives in the household (decided per child in care: for a grandchild a child of the answering person who is a parent, for a niece or nephew a sibling of the answering person who is a parent; or a guardian: responsible_for_day_to_day), that member is, and the answering person and spouse are caretakers whose reasons are not asked; with neither, the answering person and spouse care for the child as its parents. Changed in the third reading: only the answering person and spouse were read, so a grandmother (60, not working) answering for her daughter (25, a parent, working 20 hours a week) and a 2-year-old grandchild was refused though the child's only parent works. Each parent must have a reason for care on their own. Corrected on review of the third reading: read per member, the grandmother's brother who is a father elsewhere was asked for a reason as a parent of her grandchild, and an aunt's grown son who is a father counted as her niece's parent.
- The child in care is a child the family raises: a member whose relation is child, stepchild, foster child, adopted child, grandchild, sibling, niece or nephew or cousin. Decided in the third reading (both editions): "any member under 13" counted a friend's child; a child care subsidy pays for the care of a child of the family that applies (its parent, or a caretaker relative), and a friend is the schema's only unrelated relation.
- "Families who work 10+ hours per week must make at least minimum wage ($16.50/hour) to qualify" is a bar: when a parent (as read for "each parent") has work_hours_per_week of 10 or more and hourly pay below $16.50, the household does not qualify, whatever its other reasons for care; hourly pay is annual_work_income divided by (52 weeks x work_hours_per_week). Changed in issue 30: the sentence was read only as one more reason for care, so a parent working 20 hours a week for $5,000 a year who was also in school was found eligible although the text says such a family must make minimum wage "to qualify". The parents are the members whose work the sentence is about: the same people who need a reason for care.
- Work is not in the list of reasons, but the same sentence only makes sense if such work is a reason for care: a parent working 10 or more hours a week has a reason for care (their pay is held to the minimum wage by the bar above).
- "In school or job training" is read from enrolled_in_educational_training or enrolled_in_vocational_training.
- "Looking for work" means days_looking_for_work is more than 0.
- "Unhoused" means any member's housing_type is homeless, DHS shelter, HRA shelter or temporary housing; it is a reason for care for each parent.
- "Receiving domestic violence services" is attending_service_for_domestic_violence; "receiving treatment for substance misuse" is receiving_treatment_for_substance_abuse.

Implied conditions (not stated in the source text):
- A member of the household whom the family raises (child, stepchild, foster child, adopted child, grandchild, sibling, niece or nephew, or cousin of the answering person) is under 13 years old, or under 18 and unable to care for themselves (can_care_for_self false). Reason: New York's child care subsidy pays for the care of children under 13, and of children under 18 who cannot care for themselves (special needs); the reasons for care only make sense for the care of a child.
"""
# ruff: noqa: F821  (the twin's helpers and constants: share_rules, below, defines them here)
from checkers._common import household_income, table_limit
from checkers.editions.variant import share_rules
from checkers.facts import parent_of_a_child_in_care, temporary_assistance
from eligibench.household import Household, Member

# Shares the rules of checkers/child_care_vouchers.py (the child in care, unhoused); the 2026-08 text
# has a monthly table without the homelessness route, a minimum-wage bar and "each parent" must have a
# reason for care, so financially_eligible and check are replaced (check first in this file, so the
# helpers after financially_eligible follow it where the whole module had them).
TWIN = "checkers.child_care_vouchers"
ID = "ChildCareVouchers"

# Monthly income limits by household size 2..20, in dollars ("$13,396,64" at size 8 read as $13,396.64).
MONTHLY_LIMITS = (
    6601.24, 8155.48, 9707.70, 11260.94, 12814.18, 13105.40, 13396.64, 13687.87, 13979.10,
    14270.33, 14561.56, 14852.79, 15144.03, 15435.26, 15726.49, 16017.72, 16308.95, 16600.18,
    16891.41,
)
MONTHS_PER_YEAR = 12
# "Families who work 10+ hours per week must make at least minimum wage": a parent working 10+
# hours a week below the minimum wage bars the household (issue 30); 10+ hours is also a reason for care.
MIN_WORK_HOURS = 10
# The minimum wage ($16.50/hour), named without MIN so the fuzzer does not take it for an income limit.
HOURLY_PAY_FLOOR = 16.50
WEEKS_PER_YEAR = 52


def check(hh: Household) -> bool:
    if not has_child_in_care(hh):
        return False
    if not financially_eligible(hh):
        return False
    if a_parent_is_paid_below_minimum_wage(hh):
        return False
    if not each_parent_has_reason(hh):
        return False
    return True


def financially_eligible(hh: Household) -> bool:
    for m in hh.members:
        if temporary_assistance(m):
            return True
    # Held to the 2-person amount at size 1 (a lone child: no consistent household has one).
    size = max(hh.size, FIRST_SIZE)
    limit = table_limit(MONTHLY_LIMITS, 0, size - FIRST_SIZE + 1)
    if household_income(hh) / MONTHS_PER_YEAR < limit:
        return True
    return False


def paid_below_minimum_wage(m: Member) -> bool:
    if m.work_hours_per_week < MIN_WORK_HOURS:
        return False
    if m.annual_work_income < HOURLY_PAY_FLOOR * WEEKS_PER_YEAR * m.work_hours_per_week:
        return True
    return False


def a_parent_is_paid_below_minimum_wage(hh: Household) -> bool:
    for m in hh.members:
        if not parent_of_a_child_in_care(hh, m, is_child_in_care):
            continue
        if paid_below_minimum_wage(m):
            return True
    return False


def parent_has_reason(m: Member, unhoused: bool) -> bool:
    # the pay of this work is held to the minimum wage before (a_parent_is_paid_below_minimum_wage)
    if m.work_hours_per_week >= MIN_WORK_HOURS:
        return True
    if m.enrolled_in_educational_training:
        return True
    if m.enrolled_in_vocational_training:
        return True
    if m.days_looking_for_work > 0:
        return True
    if unhoused:
        return True
    if m.attending_service_for_domestic_violence:
        return True
    if m.receiving_treatment_for_substance_abuse:
        return True
    return False


def each_parent_has_reason(hh: Household) -> bool:
    unhoused = in_temporary_housing(hh)
    for m in hh.members:
        if not parent_of_a_child_in_care(hh, m, is_child_in_care):
            continue
        if not parent_has_reason(m, unhoused):
            return False
    return True


share_rules(globals())
