"""Pre-K (named Pre-K for All in 2024).

Readings of ambiguous requirements:
- "Children born in 2022 can enroll for the upcoming school year" (2026-2027 in the 2026-08 pull) is read relative to the school year: a child who turns 4 in the calendar year the school year starts; with age in whole years this is a member who is 4 years old.
- "NYC children" means the member's place_of_residence is New York City; any member of that age counts, whatever their relation.
- Disability, learning English and toilet training are named only to say they do not exclude anyone; no condition is drawn from them.
- A member living in a DHS or HRA shelter or in NYCHA housing lives in New York City, whatever place_of_residence says.

Implied conditions (not stated in the source text):
- The child is 4 years old. Reason: The source says "born in 2022" for the upcoming (2026-2027) school year: a child who turns 4 in the calendar year the school year starts; ages are whole years.
"""
from checkers.editions.variant import share_rules

# Shares the rules of checkers/pre_k_for_all.py unchanged: only the text moved (wording, name, source), not a rule.
TWIN = "checkers.pre_k_for_all"
ID = "PreKForAll"

share_rules(globals())
