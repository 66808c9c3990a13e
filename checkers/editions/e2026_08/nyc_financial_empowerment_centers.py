"""NYC Financial Empowerment Centers: free financial counseling.

Readings of ambiguous requirements:
- "Live in NYC" is read from place_of_residence being New York City.
- A member living in a DHS or HRA shelter or in NYCHA housing lives in New York City, whatever place_of_residence says.
- not modelled: working in NYC (no feature gives where a person works), so the requirements keep only living in NYC.
- "At least age 18" includes 18.
- The 2026 text no longer says that income and immigration status do not matter; it names no income or immigration condition either, so none is tested.

Implied conditions (not stated in the source text):
- none
"""
from checkers.editions.variant import share_rules

# Shares the rules of checkers/nyc_financial_empowerment_centers.py unchanged: only the text moved (wording, name, source), not a rule.
TWIN = "checkers.nyc_financial_empowerment_centers"
ID = "NYCFinancialEmpowermentCenters"

share_rules(globals())
