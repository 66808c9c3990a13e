"""3-K (free early education for three-year-olds).

Readings of ambiguous requirements:
- "Children born in 2023 can apply for the upcoming school year" (2026-2027 in the 2026-08 pull) is read relative to the school year: a child who turns 3 in the calendar year the school year starts; with age in whole years this is a member who is 3 years old.
- "New York City families with children" means the child's place_of_residence is New York City; any member of that age counts, whatever their relation.
- Disability, learning English and toilet training are named only to say they do not exclude anyone; no condition is drawn from them.
- A member living in a DHS or HRA shelter or in NYCHA housing lives in New York City, whatever place_of_residence says.

Implied conditions (not stated in the source text):
- The child is 3 years old. Reason: The source says "born in 2023" for the upcoming (2026-2027) school year: a child who turns 3 in the calendar year the school year starts; ages are whole years.
"""
from checkers.editions.variant import share_rules

# Shares the rules of checkers/three_k.py unchanged: only the text moved (wording, name, source), not a rule.
TWIN = "checkers.three_k"
ID = "ThreeK"

share_rules(globals())
