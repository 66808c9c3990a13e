"""Lifeline.

Readings of ambiguous requirements:
- "Someone in your household receives" is any member receiving the benefit.
- "Medicaid" includes Medicaid received because of a disability.
- "Your household income" is every member's yearly work and investment income; household size is the number of members; income equal to the limit qualifies.

Implied conditions (not stated in the source text):
- none
"""
from checkers.editions.variant import share_rules

# Shares the rules of checkers/lifeline.py; only the constants below differ (the 2026-08 figures).
TWIN = "checkers.lifeline"
ID = "Lifeline"
# Yearly income limits for household sizes 1 to 8, then each additional person.
INCOME_LIMITS = (21128, 28553, 35978, 43403, 50828, 58253, 65678, 73103)
EACH_ADDITIONAL_PERSON = 7425

share_rules(globals())
