"""Youth Action 50 (YA50; the NYC Youth Leadership Councils in 2024): youth-led councils on issues that affect young New Yorkers.

Readings of ambiguous requirements:
- "14 - 21 years old" includes ages 14 and 21.
- "Enrolled in high school" means current_school_level is grade 9, 10, 11 or 12.
- "Enrolled in an equivalency program" means enrolled in an educational program (enrolled_in_educational_training) while having no high school diploma or equivalency.

Implied conditions (not stated in the source text):
- none
"""
from checkers.editions.variant import share_rules

# Shares the rules of checkers/nyc_youth_leadership_councils.py unchanged: only the text moved (wording, name, source), not a rule.
TWIN = "checkers.nyc_youth_leadership_councils"
ID = "NYCYouthLeadershipCouncils"

share_rules(globals())
