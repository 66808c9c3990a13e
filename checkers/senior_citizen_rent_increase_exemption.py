"""Senior Citizen Rent Increase Exemption (SCRIE).

Readings of ambiguous requirements:
- The applicant is a member meeting age, lease and housing; income and rent are tested on the household.
- "62 or older" is current age, including 62.
- "Name on the lease (or share certificate)" is name_is_on_lease.
- "Combined household income" is every member's work plus investment income; "or less" includes the limit.
- "Monthly income" is household income / 12; rent is the sum of members' monthly_rent_spending; "more than one-third" is strict.
- "Live in NYC" is place_of_residence; housing is the applicant's housing_type (hotel and SRO both count; HDFC development value).
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
