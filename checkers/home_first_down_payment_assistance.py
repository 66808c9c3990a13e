"""HomeFirst Down Payment Assistance.

Readings of ambiguous requirements:
- "Household income" is every member's yearly work plus investment income; "family size" is the number of household members; "maximum" includes the limit.
- The buyer may be any adult member of the household, not only the person answering; one member must meet every buyer condition (first-time buyer or veteran, employment record, money of their own).
- "First-time homebuyer" (no home owned in the last three years) is read from first_time_home_buyer; a member who owns a home they live in (is_property_owner) has owned one in the last three years and is not a first-time buyer, whatever first_time_home_buyer says. "U.S. military veteran with a DD-214 that verifies honorable service" is read from honorable_service.
- "An employment record" is read from work_experience.
- "Pay some of the down payment or closing costs" is read as having some money available: available_financial_resources above 0.
- not modelled: providing income documents, the homebuyer education course, the mortgage from a regulated bank, enough credit, the home to be bought (type, location in the five boroughs, purchase price, inspection) and living there for 10 or 15 years afterwards; these concern future steps no household fact records.

Implied conditions (not stated in the source text):
- The buyer is 18 or older. Reason: The buyer takes out the mortgage and the loan; a minor cannot.
"""
from checkers._common import household_income, table_limit
from eligibench.household import Household, Member

ID = "HomeFirstDownPaymentAssistance"
# Maximum household income (80% of area median income) by household size 1-8.
INCOME_LIMITS = (87_100, 99_550, 111_950, 124_400, 134_350, 144_300, 154_250, 164_200)
EXTRA_PER_PERSON = 0  # the source gives no rule past 8 people; households have at most 6


ADULT_AGE = 18


def first_time_buyer_rule(m: Member) -> bool:
    if m.honorable_service:
        return True
    if m.is_property_owner:
        return False
    if m.first_time_home_buyer:
        return True
    return False


def can_be_buyer(m: Member) -> bool:
    if m.age < ADULT_AGE:
        return False
    if not first_time_buyer_rule(m):
        return False
    if not m.work_experience:
        return False
    if m.available_financial_resources <= 0:
        return False
    return True


def check(hh: Household) -> bool:
    limit = table_limit(INCOME_LIMITS, EXTRA_PER_PERSON, hh.size)
    if household_income(hh) > limit:
        return False
    for m in hh.members:
        if can_be_buyer(m):
            return True
    return False
