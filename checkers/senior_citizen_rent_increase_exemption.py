"""Senior Citizen Rent Increase Exemption (SCRIE).

Readings of ambiguous requirements:
- The applicant is a household member who meets clauses 1, 2 and 5 (age, lease, housing); the income and rent tests are on the whole household.
- "62 or older" is read from current age and includes 62.
- "Name on the lease (or the share certificate in a Mitchell-Lama development)" is read from name_is_on_lease.
- "Combined household income" is every member's yearly work plus investment income; "or less" includes the limit.
- "Monthly income" is household income divided by 12; "rent" is the sum of every member's monthly_rent_spending; "more than one-third" is strict.
- "Live in NYC" is read from place_of_residence; the housing type from the applicant's housing_type ("rent regulated hotel or single room occupancy unit" covers both schema values; "Housing Development Fund Company" is the HDFC development value).
- A member living in a DHS or HRA shelter or in NYCHA housing lives in New York City, whatever place_of_residence says.

Implied conditions (not stated in the source text):
- none
"""
# ruff: noqa: F821  (the twin's helpers and constants: share_rules, below, defines them here)
from checkers.editions import share_rules
from eligibench.household import Member

# Shares the rules of checkers/disability_rent_increase_exemption.py (DRIE: the same rent freeze, income
# limit, rent share and NYC residence); SCRIE's applicant is 62 or older, its housing list its own, and it
# asks no disability benefit, so is_applicant is replaced (DRIE's receives_disability_benefit is dropped).
TWIN = "checkers.disability_rent_increase_exemption"
ID = "SeniorCitizenRentIncreaseExemption"
MIN_AGE = 62
HOUSING = (
    "rent stabilized apartment",
    "rent controlled apartment",
    "rent regulated hotel",
    "rent regulated single room occupancy (SRO)",
    "mitchell-lama development",
    "limited dividend development",
    "redevelopment company development",
    "Housing Development Fund Corporation (HDFC) development",
)


def is_applicant(m: Member) -> bool:
    if m.age < MIN_AGE:
        return False
    if not m.name_is_on_lease:
        return False
    if not lives_in_nyc(m):
        return False
    if m.housing_type not in HOUSING:
        return False
    return True


share_rules(globals())
