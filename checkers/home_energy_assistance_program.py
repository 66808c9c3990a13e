"""Home Energy Assistance Program (HEAP).

Readings of ambiguous requirements:
- The household qualifies for HEAP when it qualifies for Regular HEAP or for Emergency HEAP.
- For Regular HEAP, a member under 6, 60 or older, or permanently disabled and the primary heating source are read as shaping the benefit, not eligibility; eligibility is the income table. Decided in issue 30 (the same in both editions): the list they stand in ("eligibility ... is based on") also names income and household size, which set the benefit amount as well, while what makes a household eligible is the income test; NY HEAP pays a higher benefit to such households.
- "Gross monthly income" is every member's yearly work and investment income divided by 12; household size is the number of members; income at the limit qualifies.
- "You" and "your" in the Emergency HEAP questions mean anyone in the household.
- "Out of fuel or less than a quarter tank" is the out_of_fuel fact.
- "Available resources" is the sum of all members' available money (savings, cash); the limits are strict ("less than").
- "Code A Supplemental Security Income" is SSI received by a person living alone: a one-person household receiving SSI.
- Temporary Assistance includes HRA Cash Assistance: the derived fact temporary_assistance reads receives_temporary_assistance or receives_cash_assistance, because HRA Cash Assistance is New York State Temporary Assistance as HRA runs it in NYC (the two flags name one program). SNAP is a household benefit (household_receives_snap: any member receives SNAP). Changed in issue 30: only receives_temporary_assistance was read, so a household with only the cash assistance flag was missed.
- not modelled: the primary heating source.

Implied conditions (not stated in the source text):
- none
"""
from checkers._common import household_income, table_limit
from checkers.facts import household_receives_snap, temporary_assistance
from eligibench.household import Household, Member

ID = "HomeEnergyAssistanceProgram"

# Maximum gross monthly income for household sizes 1 to 13, then each additional person.
MONTHLY_INCOME_LIMITS = (3035, 3970, 4904, 5838, 6772, 7706, 7881, 8056, 8231, 8407, 8582, 8890, 9532)
EACH_ADDITIONAL_PERSON = 642
RESOURCE_LIMIT_WITH_YOUNG_OR_OLD = 3750
RESOURCE_LIMIT_OTHERWISE = 2500


def income_within_table(hh: Household) -> bool:
    monthly_limit = table_limit(MONTHLY_INCOME_LIMITS, EACH_ADDITIONAL_PERSON, hh.size)
    if household_income(hh) <= monthly_limit * 12:
        return True
    return False


def member_has_heating_emergency(m: Member) -> bool:
    if m.electricity_shut_off:
        return True
    if m.heat_shut_off:
        return True
    if m.out_of_fuel:
        return True
    return False


def has_heating_emergency(hh: Household) -> bool:
    for m in hh.members:
        if member_has_heating_emergency(m):
            return True
    return False


def has_bill_in_name(hh: Household) -> bool:
    for m in hh.members:
        if m.heating_electrical_bill_in_name:
            return True
    return False


def has_member_under_6_or_60_plus(hh: Household) -> bool:
    for m in hh.members:
        if m.age < 6:
            return True
        if m.age >= 60:
            return True
    return False


def resources_below_limit(hh: Household) -> bool:
    total = 0.0
    for m in hh.members:
        total += m.available_financial_resources
    limit = RESOURCE_LIMIT_OTHERWISE
    if has_member_under_6_or_60_plus(hh):
        limit = RESOURCE_LIMIT_WITH_YOUNG_OR_OLD
    if total < limit:
        return True
    return False


def member_receives_qualifying_benefit(m: Member, size: int) -> bool:
    if temporary_assistance(m):
        return True
    if m.receives_ssi:
        if size == 1:
            return True
    return False


def meets_income_guideline(hh: Household) -> bool:
    if household_receives_snap(hh):
        return True
    for m in hh.members:
        if member_receives_qualifying_benefit(m, hh.size):
            return True
    if income_within_table(hh):
        return True
    return False


def check(hh: Household) -> bool:
    # Regular HEAP
    if income_within_table(hh):
        return True
    # Emergency HEAP
    if not has_heating_emergency(hh):
        return False
    if not has_bill_in_name(hh):
        return False
    if not resources_below_limit(hh):
        return False
    if not meets_income_guideline(hh):
        return False
    return True
