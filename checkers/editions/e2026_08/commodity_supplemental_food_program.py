"""Commodity Supplemental Food Program (CSFP): monthly food packages for older adults.

Readings of ambiguous requirements:
- "60 years old or older" includes age 60.
- "New York State resident" is read as living in New York City (place_of_residence), the only New York location the features record.
- "Household income" is every member's yearly work and investment income; household size is the number of members; "at or below" includes income exactly at the limit.
- A member living in a DHS or HRA shelter or in NYCHA housing lives in New York City, whatever place_of_residence says.

Implied conditions (not stated in the source text):
- none
"""
from checkers.editions.variant import share_rules

# Shares the rules of checkers/commodity_supplemental_food_program.py; only the constants below differ (the 2026-08 figures).
TWIN = "checkers.commodity_supplemental_food_program"
ID = "CommoditySupplementalFoodProgram"
YEARLY_LIMITS = (23940, 32460, 40980, 49500, 58020, 66540, 75060, 83580)
EXTRA_PER_PERSON = 8520

share_rules(globals())
