from checkers.home_first_down_payment_assistance import check
from eligibench.household import household

BUYER = {"first_time_home_buyer": True, "work_experience": True, "available_financial_resources": 10000.0}
KID = {"relation": "child", "age": 5}


def test_size_1_income_at_limit_qualifies():  # clause 1: size 1 (edge)
    assert check(household(dict(BUYER, annual_work_income=80000, annual_investment_income=7100)))


def test_size_1_income_above_limit_does_not_qualify():  # clause 1: size 1 (just above)
    assert not check(household(dict(BUYER, annual_work_income=87101)))


def test_size_1_income_below_limit_qualifies():  # clause 1: size 1 (just below)
    assert check(household(dict(BUYER, annual_work_income=87099)))


def test_size_6_income_at_limit_qualifies():  # clause 1: largest household size (6, the schema maximum)
    hh = household(dict(BUYER, annual_work_income=144300), KID, KID, KID, KID, KID)
    assert check(hh)


def test_size_6_income_above_limit_does_not_qualify():  # clause 1: size 6 (just above)
    hh = household(dict(BUYER, annual_work_income=144301), KID, KID, KID, KID, KID)
    assert not check(hh)


def test_other_members_income_counts():  # clause 1: household income
    hh = household(dict(BUYER, annual_work_income=60000), {"relation": "spouse", "annual_work_income": 39551})
    assert not check(hh)


def test_not_first_time_buyer_does_not_qualify():  # clause 2
    assert not check(household(dict(BUYER, first_time_home_buyer=False)))


def test_honorably_discharged_veteran_waives_first_time_rule():  # clause 2: veteran waiver
    assert check(household(dict(BUYER, first_time_home_buyer=False, honorable_service=True)))


def test_first_time_spouse_does_not_make_buyer_first_time():  # clause 2-4: one member meets them all (the first-time spouse has no employment record or money)
    hh = household(dict(BUYER, first_time_home_buyer=False), {"relation": "spouse", "first_time_home_buyer": True})
    assert not check(hh)


def test_no_employment_record_does_not_qualify():  # clause 3
    assert not check(household(dict(BUYER, work_experience=False)))


def test_no_money_available_does_not_qualify():  # clause 4
    assert not check(household(dict(BUYER, available_financial_resources=0.0)))


def test_buyer_may_be_a_spouse():  # clause 2-4: the buyer is any adult member, not only self
    assert check(household({"age": 40}, dict(BUYER, relation="spouse", age=38)))


def test_buyer_may_be_an_adult_child():  # clause 2-4: an adult child can be the buyer (at 18)
    assert check(household({"age": 50}, dict(BUYER, relation="child", age=18)))


def test_minor_cannot_be_the_buyer():  # clause 2-4: a buyer under 18 does not count (just below)
    assert not check(household({"age": 50}, dict(BUYER, relation="child", age=17)))


def test_buyer_conditions_met_by_one_member():  # clause 2-4: conditions are not pooled across members
    me = {"first_time_home_buyer": True, "work_experience": False, "available_financial_resources": 0.0}
    spouse = {"relation": "spouse", "work_experience": True, "available_financial_resources": 5000.0}
    assert not check(household(me, spouse))


def test_current_homeowner_is_not_a_first_time_buyer():  # clause 2: owning a home now (review finding, issue 19)
    assert not check(household(dict(BUYER, is_property_owner=True, months_owned_property=24)))


def test_homeowner_veteran_keeps_the_waiver():  # clause 2: the veteran waiver does not ask about ownership
    assert check(household(dict(BUYER, first_time_home_buyer=False, honorable_service=True, is_property_owner=True, months_owned_property=24)))
