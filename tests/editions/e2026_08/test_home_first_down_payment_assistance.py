from checkers.editions.e2026_08.home_first_down_payment_assistance import check
from checkers.home_first_down_payment_assistance import check as check_2024
from eligibench.household import household

BUYER = {"first_time_home_buyer": True, "work_experience": True, "available_financial_resources": 10000.0}
KID = {"relation": "child", "age": 5}


def test_size_1_at_and_just_past_the_2026_limit():  # clause 1: size 1 (moved 87,100 -> 136,080)
    assert check(household(dict(BUYER, annual_work_income=130000, annual_investment_income=6080)))
    assert not check(household(dict(BUYER, annual_work_income=136081)))


def test_income_between_the_2024_and_2026_limits_flips_the_verdict():  # clause 1: 80% -> 120% of AMI
    hh = household(dict(BUYER, annual_work_income=100000))
    assert not check_2024(hh)
    assert check(hh)


def test_size_6_last_reachable_row():  # clause 1: largest household size (6, the schema maximum)
    assert check(household(dict(BUYER, annual_work_income=225600), KID, KID, KID, KID, KID))
    assert not check(household(dict(BUYER, annual_work_income=225601), KID, KID, KID, KID, KID))


def test_other_members_income_counts():  # clause 1: household income, size 2 row
    assert check(household(dict(BUYER, annual_work_income=100000), {"relation": "spouse", "annual_work_income": 55520}))
    assert not check(household(dict(BUYER, annual_work_income=100000), {"relation": "spouse", "annual_work_income": 55521}))


def test_not_first_time_buyer_does_not_qualify():  # clause 2
    assert not check(household(dict(BUYER, first_time_home_buyer=False)))


def test_veteran_waiver_is_gone():  # clause 2: the 2024 DD-214 waiver left the text; verdict flips
    hh = household(dict(BUYER, first_time_home_buyer=False, honorable_service=True))
    assert check_2024(hh)
    assert not check(hh)


def test_veteran_who_is_a_first_time_buyer_qualifies():  # clause 2: veterans follow the same rule
    assert check(household(dict(BUYER, honorable_service=True)))


def test_current_homeowner_is_not_a_first_time_buyer():  # clause 2: owning a home now (issue 19 reading)
    assert not check(household(dict(BUYER, is_property_owner=True, months_owned_property=24)))


def test_no_employment_record_does_not_qualify():  # clause 3
    assert not check(household(dict(BUYER, work_experience=False)))


def test_no_money_available_does_not_qualify():  # clause 4: money above 0 (at 0 fails, 1 passes)
    assert not check(household(dict(BUYER, available_financial_resources=0.0)))
    assert check(household(dict(BUYER, available_financial_resources=1.0)))


def test_buyer_age_boundary():  # implied: the buyer is 18 or older (at / just below)
    assert check(household({"age": 50}, dict(BUYER, relation="child", age=18)))
    assert not check(household({"age": 50}, dict(BUYER, relation="child", age=17)))


def test_buyer_may_be_a_spouse():  # clauses 2-4: the buyer is any adult member
    assert check(household({"age": 40}, dict(BUYER, relation="spouse", age=38)))


def test_buyer_conditions_met_by_one_member():  # clauses 2-4: not pooled across members
    me = {"first_time_home_buyer": True, "work_experience": False, "available_financial_resources": 0.0}
    spouse = {"relation": "spouse", "work_experience": True, "available_financial_resources": 5000.0}
    assert not check(household(me, spouse))
