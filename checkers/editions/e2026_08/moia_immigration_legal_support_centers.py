"""MOIA Immigration Legal Support Centers.

Readings of ambiguous requirements:
- "May not be eligible" above 200% of the Federal Poverty Level is read as a firm limit: a household whose income is above the limit for its size does not qualify, one at or below it does.
- "Annual household income" is every member's yearly work and investment income, compared with twelve times the monthly column; household size is the number of members.
- Residence is not a condition. Decided in the third reading: the implied condition "a member of the household lives in New York City" was dropped. The text states only the income limit, and the convention is that a checker tests residence only where the city's text states it (docs/ground_truth.md: no checker has an implied NYC residence; HASA, Beacon, Family Assessment and the other NYC-agency programs whose texts omit residence test none); the centers succeed ActionNYC, which serves all New Yorkers, and a caseworker asked about immigration legal help by a family under the income limit would not turn it away over an address the text does not ask about.
- Immigration status is not a condition. Decided in issue 30: an implied condition "a member is not a U.S. citizen or national" was removed: the text states no status condition; the centers succeed ActionNYC (2024: "for all New Yorkers, regardless of immigration status"), whose checker tests no status; and citizens also use immigration legal help (petitioning for a relative, proving derived citizenship), so a household of citizens under the income limit is not kept out.

Implied conditions (not stated in the source text):
- none
"""
from checkers._common import household_income, table_limit
from eligibench.household import Household

ID = "MOIAImmigrationLegalSupportCenters"
# 200% of the Federal Poverty Level (2026), monthly, for household sizes 1 to 8, then each additional person.
MONTHLY_LIMITS = (2660, 3607, 4553, 5500, 6447, 7393, 8340, 9287)
MONTHLY_EXTRA_PER_PERSON = 947


def check(hh: Household) -> bool:
    # no residence test: the text states none (docs/ground_truth.md: no checker has an implied NYC residence)
    yearly_limit = 12 * table_limit(MONTHLY_LIMITS, MONTHLY_EXTRA_PER_PERSON, hh.size)
    if household_income(hh) > yearly_limit:
        return False
    return True
