"""MOIA Immigration Legal Support Centers.

Readings of ambiguous requirements:
- "May not be eligible" above 200% of the Federal Poverty Level is read as a firm limit: a household whose income is above the limit for its size does not qualify, one at or below it does.
- "Annual household income" is every member's yearly work and investment income, compared with twelve times the monthly column; household size is the number of members.
- A member living in a DHS or HRA shelter or in NYCHA housing lives in New York City, whatever place_of_residence says.
- Immigration status is not a condition. Decided in issue 30: an implied condition "a member is not a U.S. citizen or national" was removed: the text states no status condition; the centers succeed ActionNYC (2024: "for all New Yorkers, regardless of immigration status"), whose checker tests no status; and citizens also use immigration legal help (petitioning for a relative, proving derived citizenship), so a household of citizens under the income limit is not kept out.

Implied conditions (not stated in the source text):
- A member of the household lives in New York City. Reason: The text is about City-funded legal service providers, which serve New York City residents.
"""
from checkers._common import NYC, NYC_ONLY_HOUSING, household_income, table_limit
from eligibench.household import Household, Member

ID = "MOIAImmigrationLegalSupportCenters"
# 200% of the Federal Poverty Level (2026), monthly, for household sizes 1 to 8, then each additional person.
MONTHLY_LIMITS = (2660, 3607, 4553, 5500, 6447, 7393, 8340, 9287)
MONTHLY_EXTRA_PER_PERSON = 947


def lives_in_nyc(m: Member) -> bool:
    if m.housing_type in NYC_ONLY_HOUSING:
        return True
    if m.place_of_residence == NYC:
        return True
    return False


def check(hh: Household) -> bool:
    found = False
    for m in hh.members:
        if lives_in_nyc(m):
            found = True
    if not found:
        return False
    yearly_limit = 12 * table_limit(MONTHLY_LIMITS, MONTHLY_EXTRA_PER_PERSON, hh.size)
    if household_income(hh) > yearly_limit:
        return False
    return True
