"""HomeFirst Down Payment Assistance.

Readings of ambiguous requirements:
- "Household income" is every member's work plus investment income; family size is the member count; "maximum" includes the limit.
- The buyer is the person answering.
- "First-time homebuyer" is first_time_home_buyer; the honorable-service veteran waiver is honorable_service.
- "An employment record" is work_experience.
- "Pay some of the down payment or closing costs" is available_financial_resources above 0.
- Not modelled: income documents, education course, regulated mortgage and credit, the home to be bought, future residence.
"""
from checkers._common import household_income, table_limit
from eligibench.household import Household, Member

ID = "HomeFirstDownPaymentAssistance"
# Maximum household income (80% of area median income) by household size 1-8.
INCOME_LIMITS = (87_100, 99_550, 111_950, 124_400, 134_350, 144_300, 154_250, 164_200)
EXTRA_PER_PERSON = 0  # the source gives no rule past 8 people; households have at most 6


def first_time_buyer_rule(me: Member) -> bool:
    if me.first_time_home_buyer:
        return True
    if me.honorable_service:
        return True
    return False


def check(hh: Household) -> bool:
    me = hh.self_member
    limit = table_limit(INCOME_LIMITS, EXTRA_PER_PERSON, hh.size)
    if household_income(hh) > limit:
        return False
    if not first_time_buyer_rule(me):
        return False
    if not me.work_experience:
        return False
    if me.available_financial_resources <= 0:
        return False
    return True
