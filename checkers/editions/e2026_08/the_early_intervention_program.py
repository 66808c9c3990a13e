"""The Early Intervention Program: help for infants and toddlers.

Readings of ambiguous requirements:
- "Your child" is any household member under 3, whatever their relation.
- "Under the age of three (up to two years and 11 months)" excludes age 3: with age in whole years the child is 0, 1 or 2 (2024 said "three years old or younger", which included 3).
- "Live in New York City" is read from place_of_residence.
- Not modelled: "be evaluated" is a step of applying (program staff help choose the evaluating agency), not a fact about the household.
- A member living in a DHS or HRA shelter or in NYCHA housing lives in New York City, whatever place_of_residence says.

Implied conditions (not stated in the source text):
- none
"""
from checkers.editions.variant import share_rules

# Shares the rules of checkers/the_early_intervention_program.py; only the age limit differs: "under the
# age of three" (2026-08) is an age in whole years of at most 2, where 2024 took children of 3.
TWIN = "checkers.the_early_intervention_program"
ID = "TheEarlyInterventionProgram"
MAX_AGE = 2  # under the age of three

share_rules(globals())
