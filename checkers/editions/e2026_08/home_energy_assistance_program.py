"""Home Energy Assistance Program (HEAP).

Readings of ambiguous requirements:
- The household qualifies for HEAP when it qualifies for Regular HEAP or for Emergency HEAP.
- For Regular HEAP, a member under 6, 60 or older, or permanently disabled and the primary heating source are read as shaping the benefit, not eligibility. Decided in issue 30 (the same in both editions): the list they stand in ("Eligibility ... is based on") also names "income and household size", which set the benefit amount as well as eligibility, while the list of what makes a household eligible ("Your household may be eligible ... if") does not name them; NY HEAP pays a higher benefit to such households, and the under 6 / 60 or older presence sets the Emergency HEAP resource limit, which this checker does read.
- The 2026 list for Regular HEAP (a member who is a citizen or qualified non-citizen; receiving SNAP or Temporary Assistance or Code A SSI; income within the table) is read as: the status condition, and then receiving one of the benefits or income within the table, as in the Emergency HEAP income guideline (the benefits are joined by "or" and make a household eligible whatever its income).
- "United States Citizen or Qualified Non-Citizen" is citizenship citizen_or_national or lawful_resident. The text states it for Regular HEAP only, so Emergency HEAP does not test it.
- "Gross monthly income" is every member's yearly work and investment income divided by 12; household size is the number of members; income at the limit qualifies.
- "You" and "your" mean anyone in the household.
- "Out of fuel or less than a quarter tank" is the out_of_fuel fact.
- "Available resources" is the sum of all members' available money (savings, cash); the limits are strict ("less than").
- "Code A Supplemental Security Income (SSI Living Alone)" is SSI received by a person living alone: a one-person household receiving SSI.
- Temporary Assistance is New York State (OTDA) Temporary Assistance, HRA Cash Assistance included: the derived fact temporary_assistance reads receives_temporary_assistance or receives_cash_assistance (the two flags name one program, as HRA runs it in NYC). SNAP is a household benefit (household_receives_snap: any member receives SNAP). Changed in issue 30: only receives_temporary_assistance was read, while Cooling Assistance in this edition read both flags; one concept now has one reading.
- not modelled: the primary heating source.

Implied conditions (not stated in the source text):
- none
"""
# ruff: noqa: F821  (the twin's helpers and constants: share_rules, below, defines them here)
from checkers.editions.variant import share_rules
from eligibench.household import Household

# Shares the rules of checkers/home_energy_assistance_program.py (Emergency HEAP, the income
# guideline, resources, emergencies); the 2026-08 income table differs, and Regular HEAP now asks
# for a member who is a citizen or qualified non-citizen and is met by the benefits as well as the
# table, so check is replaced; the two helpers it calls follow it (a helper above the first replacing
# function would lead the composed code, above the twin's rules).
TWIN = "checkers.home_energy_assistance_program"
ID = "HomeEnergyAssistanceProgram"
# Maximum gross monthly income for household sizes 1 to 13, then each additional person.
MONTHLY_INCOME_LIMITS = (3322, 4345, 5367, 6390, 7412, 8434, 8626, 8818, 9010, 9201, 9393, 9585, 9952)
EACH_ADDITIONAL_PERSON = 672
STATUS_OK = ("citizen_or_national", "lawful_resident")


def check(hh: Household) -> bool:
    if qualifies_for_regular_heap(hh):
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


def has_member_with_status(hh: Household) -> bool:
    for m in hh.members:
        if m.citizenship in STATUS_OK:
            return True
    return False


def qualifies_for_regular_heap(hh: Household) -> bool:
    if not has_member_with_status(hh):
        return False
    if meets_income_guideline(hh):
        return True
    return False


share_rules(globals())
