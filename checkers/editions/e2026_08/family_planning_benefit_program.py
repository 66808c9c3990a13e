"""Family Planning Benefit Program: confidential family planning services.

Readings of ambiguous requirements:
- "New York State resident" is read as living in New York City (place_of_residence), the only New York location the features record.
- "U.S. Citizen, National, or lawfully present" is read as citizenship being citizen_or_national or lawful_resident.
- "Cannot be enrolled in Medicaid" is read as receives_medicaid and receives_disability_medicaid both being false (Medicaid received because of a disability is Medicaid).
- "Family size" is the number of household members; "monthly income" is the household's yearly work and investment income divided by 12, so the limit is met when yearly income is at most 12 times the monthly amount.
- "Equal to or less than" includes income exactly at the limit.
- A member living in a DHS or HRA shelter or in NYCHA housing lives in New York City, whatever place_of_residence says.

Implied conditions (not stated in the source text):
- The member is 12 or older. Reason: Family planning services (contraception, pregnancy tests, counselling) serve people of reproductive age; the text gives no age, and New York serves teenagers confidentially, so the floor is low: 12, the youngest age the household schema lets a member be pregnant (consistency rule pregnancy). Decided in the second reading 2024 (reader-A), both editions (one shared rule): a household whose only member not on Medicaid was a 2-year-old was found eligible. Decided again in the third reading (both editions, one shared rule): kept, with this number. No text states an age, but the service presupposes one (a 2-year-old is not served by family planning, and a household whose only member off Medicaid is a toddler is not one the program serves); the floor is put where a person can first need the service, and New York gives minors confidential family planning without a parent, so it is the lowest age the schema lets a member be pregnant (12), not 18 or 15.
"""
from checkers.editions.variant import share_rules

# Shares the rules of checkers/family_planning_benefit_program.py; only the constants below differ (the 2026-08 figures).
TWIN = "checkers.family_planning_benefit_program"
ID = "FamilyPlanningBenefitProgram"
MONTHLY_LIMITS = (2909, 3931, 4953, 5975, 6997, 8019, 9041, 10063)
MONTHLY_EXTRA_PER_PERSON = 1023

share_rules(globals())
