"""NYCHA Public Housing.

Readings of ambiguous requirements:
- "Legal immigration status" (permanent resident or Green Card, refugee, asylum) is citizenship "lawful_resident"; a U.S. citizen or national also meets the status rule.
- "You" is the person answering (member 0); "a spouse or domestic partner" you apply with is every member whose relation is spouse.
- NYCHA's "family" is a single person, or people related by blood, marriage, domestic partnership, adoption, guardianship or court-awarded custody: every relation except "friend" counts as related (foster child counts through guardianship or custody); a member listed as "friend" is not family.
- The family that applies is the answering person and every related member (every member who is not a "friend"): a friend or roommate in the household is left out of the application, not a reason the family fails; status, size and income are tested on that family.
- "Household income" in the income rule is the applying family's income: the yearly work and investment income of every family member; family size is the number of family members; income exactly at the limit qualifies ("at or below").
- The 2026-08 table gives limits for family sizes 1 to 15; households have at most 6 members, so only rows 1 to 6 can apply, and the checker carries every row as printed.
- not modelled: senior public housing (everyone in the household 62 or older) applies only to those applying for senior housing; no feature says which housing is applied for, so general public housing is checked.
- not modelled: domestic partnership has no relation value of its own.

Implied conditions (not stated in the source text):
- none
"""
from checkers.editions.variant import share_rules

# Shares the rules of checkers/nycha_public_housing.py; only the income table below differs (the 2026-08 figures).
TWIN = "checkers.nycha_public_housing"
ID = "NYCHAPublicHousing"
# Yearly income limits for family sizes 1 to 15 (2026-08 table; households have at most 6 members).
INCOME_LIMITS = (95000, 108600, 122150, 135700, 146600, 157450, 168300, 179150,
                 190000, 200850, 211700, 222550, 233450, 244300, 255150)

share_rules(globals())
