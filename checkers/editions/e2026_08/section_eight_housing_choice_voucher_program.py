"""Section 8 / Housing Choice Voucher Program.

Readings of ambiguous requirements:
- "How much your family earns" is the household income: every member's yearly work and investment income added together.
- "Family size" is the number of household members.
- The table amounts are maximums: income exactly at the amount qualifies.
- The source gives no amount past 8 people and households have at most 6 members, so no rule for larger households is added.

Implied conditions (not stated in the source text):
- none
"""
from checkers.editions.variant import share_rules

# Shares the rules of checkers/section_eight_housing_choice_voucher_program.py; only the constants below differ (the 2026-08 figures).
TWIN = "checkers.section_eight_housing_choice_voucher_program"
ID = "SectionEightHousingChoiceVoucherProgram"
# Yearly income limits for household sizes 1 to 8.
INCOME_LIMITS = (59400, 67850, 76350, 84800, 91600, 98400, 105200, 111950)

share_rules(globals())
