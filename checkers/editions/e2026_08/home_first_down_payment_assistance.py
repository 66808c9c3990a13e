"""HomeFirst Down Payment Assistance.

Readings of ambiguous requirements:
- "Household income" is every member's yearly work plus investment income; "family size" is the number of household members; "maximum" includes the limit.
- The buyer may be any adult member of the household, not only the person answering; one member must meet every buyer condition (first-time buyer, employment record, money of their own).
- "First-time homebuyer" (no home owned in the three years before buying) is read from first_time_home_buyer; a member who owns a home they live in (is_property_owner) has owned one in the last three years and is not a first-time buyer, whatever first_time_home_buyer says.
- The 2026-08 text no longer waives the first-time rule for U.S. military veterans with a DD-214 verifying honorable service (the 2024 text did), so veterans meet the same first-time rule as everyone else.
- "An employment record" is read from work_experience.
- "Pay some of the down payment or closing costs" is read as having some money available: available_financial_resources above 0.
- not modelled: providing income documents, the homebuyer education course, the mortgage from a regulated bank, enough credit, the home to be bought (type, location in the five boroughs, purchase price, inspection) and living there for 10 or 15 years afterwards; these concern future steps no household fact records.

Implied conditions (not stated in the source text):
- The buyer is 18 or older. Reason: The buyer takes out the mortgage and the loan; a minor cannot.
"""
from checkers.editions.variant import share_rules
from eligibench.household import Member

# Shares the rules of checkers/home_first_down_payment_assistance.py; the 2026-08 income table
# differs and the text drops the veterans' waiver of the first-time rule, so first_time_buyer_rule
# is replaced.
TWIN = "checkers.home_first_down_payment_assistance"
ID = "HomeFirstDownPaymentAssistance"
# Maximum household income (120% of area median income in the 2026-08 text) by household size 1-8.
INCOME_LIMITS = (136_080, 155_520, 174_960, 194_400, 210_000, 225_600, 241_080, 256_680)


def first_time_buyer_rule(m: Member) -> bool:
    # the 2024 text's veteran (DD-214) waiver is gone from the 2026-08 text
    if m.is_property_owner:
        return False
    if m.first_time_home_buyer:
        return True
    return False


share_rules(globals())
