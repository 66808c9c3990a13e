"""Older Adult Employment Program: paid job training and placement for low-income New Yorkers 55 and older.

Readings of ambiguous requirements:
- "55 years or older" includes age 55.
- "Live in the five boroughs" is read from place_of_residence being New York City.
- "Unemployed" means working 0 hours a week (work_hours_per_week is 0).
- "Household income" is every member's yearly work and investment income; household size is the number of members.
- not modelled: willingness to learn new skills and commitment to actively seek employment.
- A member living in a DHS or HRA shelter or in NYCHA housing lives in New York City, whatever place_of_residence says.

Implied conditions (not stated in the source text):
- none
"""
from checkers.editions.variant import share_rules

# Shares the rules of checkers/older_adult_employment_program.py; only the constants below differ (the 2026-08 figures).
TWIN = "checkers.older_adult_employment_program"
ID = "OlderAdultEmploymentProgram"
YEARLY_LIMITS = (19563, 26438, 33313, 40188, 47063, 53938, 60813, 67688)
EXTRA_PER_PERSON = 6875

share_rules(globals())
