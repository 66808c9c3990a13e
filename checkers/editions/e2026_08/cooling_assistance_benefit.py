"""HEAP Cooling Assistance Benefit.

Readings of ambiguous requirements:
- "You" and "someone in your household" mean anyone in the household; the household is tested as a whole.
- The 2026 text drops the 2024 condition "eligible for HEAP or already get HEAP" and states the income test as two routes: meeting the income limit, or receiving another benefit.
- "Cash Assistance" is read from the derived fact temporary_assistance (receives_temporary_assistance or receives_cash_assistance): HRA Cash Assistance is New York State Temporary Assistance as HRA runs it in NYC, the program the 2024 text named. SNAP is a household benefit (household_receives_snap: any member receives SNAP). Since issue 30 both editions read this through one rule (this checker shares the 2024 rule).
- "Code A Supplemental Security Income (SSI Living Alone)" is a one-person household receiving SSI.
- The route "a HEAP Regular Benefit over $21 this program year, or equal to $21 in government-subsidized housing with heat included in the rent" is not modelled: no household fact records receiving a HEAP Regular Benefit or its amount (a known gap of feature schema 1).
- "Gross monthly income" is every member's yearly work and investment income divided by 12; household size is the number of members; income at the limit qualifies.
- "Documented medical condition worsened by extreme heat" is a member with a heat-exacerbated condition; the documentation is assumed.
- "Qualified non-citizen (like a Green Card holder, refugee, asylee, or parolee)" is citizenship lawful_resident; citizens and nationals also meet the rule.
- "Working air conditioner less than five years old" is the ac fact; any member having one fails the condition.
- "Not have received a HEAP-funded air conditioner within the past five years": one received 1 to 4 years ago fails; one received 5 or more years ago does not. Decided in the third reading (both editions, one shared rule): got_heap_ac counts whole years since the air conditioner was received, so 5 means five full years ago: outside "the last five years", and the same unit is "at least five years old", which the text's own air-conditioner condition accepts; 4 means within the five years.

Implied conditions (not stated in the source text):
- none
"""
from checkers.editions.variant import share_rules

# Shares the rules of checkers/cooling_assistance_benefit.py; only the constants below differ (the
# 2026-08 figures). The 2026 text's "Cash Assistance" is the 2024 text's Temporary Assistance: both
# read checkers.facts.temporary_assistance (issue 30), so the route is one rule.
TWIN = "checkers.cooling_assistance_benefit"
ID = "CoolingAssistanceBenefit"
# Maximum gross monthly income for household sizes 1 to 13, then each additional person.
MONTHLY_INCOME_LIMITS = (3473, 4542, 5611, 6680, 7749, 8818, 9018, 9218, 9419, 9619, 9820, 10020, 10221)
EACH_ADDITIONAL_PERSON = 687

share_rules(globals())
