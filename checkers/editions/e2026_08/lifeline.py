"""Lifeline.

Readings of ambiguous requirements:
- "Someone in your household receives" is any member receiving the benefit.
- "Medicaid" includes Medicaid received because of a disability.
- "Federal Public Housing Assistance (FPHA)" is receives_fpha, or living in NYCHA public housing or Section 8 housing (housing_type NYCHA development or Section 8): the FCC's Lifeline rule (47 CFR 54.409) names FPHA as public housing and Section 8 rental assistance, so a household living there participates. Decided in the second reading 2024 (reader-B), both editions: a Section 8 tenant above the income limit with receives_fpha false was found not eligible; no consistency rule ties the flag to housing_type, so fuzzed households can differ.
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
