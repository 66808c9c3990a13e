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
from checkers._common import NYC, NYC_ONLY_HOUSING, household_income
from eligibench.household import Household, Member

ID = "SeniorCitizenRentIncreaseExemption"
MIN_AGE = 62
INCOME_LIMIT = 50_000
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


def lives_in_nyc(m: Member) -> bool:
    if m.housing_type in NYC_ONLY_HOUSING:
        return True
    if m.place_of_residence == NYC:
        return True
    return False


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


def household_rent(hh: Household) -> int:
    total = 0
    for m in hh.members:
        total += m.monthly_rent_spending
    return total


def check(hh: Household) -> bool:
    found = False
    for m in hh.members:
        if is_applicant(m):
            found = True
    if not found:
        return False
    income = household_income(hh)
    if income > INCOME_LIMIT:
        return False
    # rent > (income / 12) / 3, kept in whole dollars: 36 * rent > income
    if 36 * household_rent(hh) <= income:
        return False
    return True
