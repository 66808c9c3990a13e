"""NYC Mitchell-Lama.

Readings of ambiguous requirements:
- "Total household income" is every member's yearly work and investment income; household size is the number of members; income exactly at a limit qualifies ("cannot be more than").
- "Different developments have different limits" is read as: the household qualifies when its income is at or below the limit for its size in at least one of the three kinds of development.
- No limit past 8 people is given; households have at most 6 members, so none is added.
- not modelled: the size of the unit and the number of people per unit (no feature describes the unit applied for).

Implied conditions (not stated in the source text):
- none
"""
from checkers.editions.variant import share_rules

# Shares the rules of checkers/nyc_mitchell_lama.py; only the constants below differ (the 2026-08 figures).
TWIN = "checkers.nyc_mitchell_lama"
ID = "NYCMitchellLama"
# Yearly income limits for household sizes 1 to 8, one table per kind of development.
FEDERALLY_ASSISTED_RENTAL = (90720, 103680, 116640, 129600, 140000, 150400, 160720, 171120)
FEDERALLY_ASSISTED_COOPERATIVE = (141750, 162000, 182250, 202500, 218750, 235000, 251125, 267375)
NON_FEDERALLY_ASSISTED = (141750, 162000, 182250, 202500, 218750, 235000, 251125, 267375)

share_rules(globals())
