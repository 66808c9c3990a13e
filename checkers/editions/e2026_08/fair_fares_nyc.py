"""Fair Fares NYC.

Readings of ambiguous requirements:
- "Lives in New York City" is read from place_of_residence being New York City.
- "18-64 years old" includes ages 18 and 64.
- "Household income" means all members' yearly work and investment income; household size is the number of members.
- The each-additional-person amount ($8,250) is kept as published; households here have at most 6 members, so it is never needed.
- A member living in a DHS or HRA shelter or in NYCHA housing lives in New York City, whatever place_of_residence says.

Implied conditions (not stated in the source text):
- none
"""
from checkers.editions.variant import share_rules

# Shares the rules of checkers/fair_fares_nyc.py; only the constants below differ (the 2026-08 figures).
TWIN = "checkers.fair_fares_nyc"
ID = "FairFaresNYC"
# Yearly income limits for household sizes 1 to 8, then each additional person.
INCOME_LIMITS = (23475, 31725, 39975, 48225, 56475, 64725, 72975, 81225)
EXTRA_PER_PERSON = 8250

share_rules(globals())
