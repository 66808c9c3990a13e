"""Disability Rent Increase Exemption (DRIE).

Readings of ambiguous requirements:
- The applicant ("you") is a household member who meets clauses 1, 2, 5 and 6 (age, lease, housing, disability benefit); the income and rent tests are on the whole household.
- "18 years old or older" is read from current age and includes 18.
- "Name is on the lease" is read from name_is_on_lease.
- "Household income" is every member's yearly work plus investment income; "or less" includes the limit.
- "Monthly income" is household income divided by 12; "rent" is the sum of every member's monthly_rent_spending; "more than one-third" is strict.
- The housing type is read from the applicant's housing_type ("rent-regulated hotel or single-room occupancy unit" covers both schema values; the HDFC Cooperative development is the HDFC development value).
- "Receive a qualifying disability benefit" is read from receiving it (receives_ssi, receives_ssdi, receives_va_disability, receives_disability_medicaid). The 2024 text accepted disability-related Medicaid only after past SSI or SSDI; the 2026-08 text lists disability-related Medicaid on its own, so has_received_ssi_or_ssdi is not read. Disability-related Medicaid is the derived fact disability_medicaid (only that kind of Medicaid: the text names it as proof of a disability).
- A member living in a DHS or HRA shelter or in NYCHA housing lives in New York City, whatever place_of_residence says.

Implied conditions (not stated in the source text):
- The applicant lives in New York City. Reason: DRIE is a New York City rent freeze for the city's rent-regulated housing; the 2024 text asked "Do you live in NYC in one of these types of housing?", and the 2026-08 text lists the same housing under "Where you live" without repeating the city.
"""
from checkers.editions.variant import share_rules
from checkers.facts import disability_medicaid
from eligibench.household import Member

# Shares the rules of checkers/disability_rent_increase_exemption.py; the 2026-08 text accepts
# disability-related Medicaid on its own, so receives_disability_benefit is replaced.
TWIN = "checkers.disability_rent_increase_exemption"
ID = "DisabilityRentIncreaseExemption"


def receives_disability_benefit(m: Member) -> bool:
    if m.receives_ssi:
        return True
    if m.receives_ssdi:
        return True
    if m.receives_va_disability:
        return True
    # the 2026-08 text lists disability-related Medicaid on its own (2024: only after past SSI/SSDI)
    if disability_medicaid(m):
        return True
    return False


share_rules(globals())
