"""Summer EBT.

Readings of ambiguous requirements:
- "Kids between ages 6 to 16" includes 6 and 16; automatic approval is for such a member who is enrolled in one of the listed programs: SNAP and cash assistance through the household (household_receives_snap: any member receives SNAP; any member's temporary_assistance), and their own Medicaid of any kind (receives_medicaid: receives_medicaid or receives_disability_medicaid) or free or reduced-price school meals (receives_free_or_reduced_lunch). Decided in issue 30: "your child is enrolled in SNAP" is read from the household, not the child's own flag, because SNAP is a household benefit (one case for everyone who buys and prepares food together, so a child of a SNAP household is enrolled in SNAP; Summer EBT certifies children from SNAP households directly) and the population sampler records SNAP as a household benefit; Medicaid and school meals are a child's own.
- "Cash assistance" is the derived fact temporary_assistance (receives_cash_assistance or New York State Temporary Assistance, receives_temporary_assistance: one program as HRA runs it in NYC), read from any member of the household. Decided in the third reading: it was read from the child only while SNAP was read from the household; cash assistance is a case benefit like SNAP (one Temporary Assistance case covers the family living together, children included, and Summer EBT certifies the children of a cash assistance case directly, as it does for SNAP), so a child whose parent receives cash assistance is "enrolled in cash assistance". Medicaid and school meals stay the child's own: each is an individual enrollment.
- "Most eligible kids ... are approved automatically" and "you can apply if" are both read as qualifying: the benchmark asks who is eligible, not how they are enrolled.
- "Your child attends a school in the National School Lunch Program" is any member with attends_nslp_school (pre-K to grade 12 by the consistency rules), whatever the age.
- "Your household income is at or below the monthly limits" is every member's yearly work and investment income compared with 12 times the monthly limit; household size is the number of members.

Implied conditions (not stated in the source text):
- none
"""
from checkers._common import household_income, table_limit
from checkers.facts import household_receives_snap, receives_medicaid, temporary_assistance
from eligibench.household import Household, Member

ID = "SummerEBT"
MIN_AGE = 6
MAX_AGE = 16
# Maximum monthly income (2026) for household sizes 1 to 8, then each additional person.
MONTHLY_LIMITS = (2461, 3337, 4212, 5088, 5964, 6839, 7715, 8591)
MONTHLY_EXTRA_PER_PERSON = 876


def household_receives_cash_assistance(hh: Household) -> bool:
    for m in hh.members:
        if temporary_assistance(m):
            return True
    return False


def enrolled_in_listed_program(hh: Household, m: Member) -> bool:
    # SNAP and cash assistance are household benefits: a child of a household receiving one is in its case
    if household_receives_snap(hh):
        return True
    if household_receives_cash_assistance(hh):
        return True
    if receives_medicaid(m):
        return True
    if m.receives_free_or_reduced_lunch:
        return True
    return False


def approved_automatically(hh: Household, m: Member) -> bool:
    if m.age < MIN_AGE:
        return False
    if m.age > MAX_AGE:
        return False
    if enrolled_in_listed_program(hh, m):
        return True
    return False


def check(hh: Household) -> bool:
    for m in hh.members:
        if approved_automatically(hh, m):
            return True
    yearly_limit = 12 * table_limit(MONTHLY_LIMITS, MONTHLY_EXTRA_PER_PERSON, hh.size)
    for m in hh.members:
        if m.attends_nslp_school:
            if household_income(hh) <= yearly_limit:
                return True
    return False
