from checkers.senior_citizen_rent_increase_exemption import check
from eligibench.household import household

SENIOR = {"age": 70, "name_is_on_lease": True, "annual_work_income": 36000, "monthly_rent_spending": 1500}


def test_senior_tenant_qualifies():  # all clauses
    assert check(household(SENIOR))


def test_age_exactly_62_qualifies():  # clause 1 (edge)
    assert check(household(dict(SENIOR, age=62)))


def test_age_61_does_not_qualify():  # clause 1 (just below)
    assert not check(household(dict(SENIOR, age=61)))


def test_name_not_on_lease_does_not_qualify():  # clause 2
    assert not check(household(dict(SENIOR, name_is_on_lease=False)))


def test_income_exactly_50000_qualifies():  # clause 3 (edge)
    assert check(household(dict(SENIOR, annual_work_income=40000, annual_investment_income=10000)))


def test_income_50001_does_not_qualify():  # clause 3 (just above)
    assert not check(household(dict(SENIOR, annual_work_income=50001)))


def test_other_members_income_counts():  # clause 3: combined household income
    assert not check(household(SENIOR, {"relation": "child", "annual_work_income": 15000}))


def test_rent_exactly_one_third_does_not_qualify():  # clause 4 (edge: must be more than)
    assert not check(household(dict(SENIOR, monthly_rent_spending=1000)))


def test_rent_just_over_one_third_qualifies():  # clause 4 (just above)
    assert check(household(dict(SENIOR, monthly_rent_spending=1001)))


def test_rent_shared_between_members_counts():  # clause 4: household rent
    hh = household(dict(SENIOR, monthly_rent_spending=600), {"relation": "spouse", "monthly_rent_spending": 600})
    assert check(hh)


def test_living_outside_nyc_does_not_qualify():  # clause 5: NYC
    assert not check(household(dict(SENIOR, place_of_residence="Jersey")))


def test_nycha_tenant_does_not_qualify():  # clause 5: housing types
    assert not check(household(dict(SENIOR, housing_type="NYCHA development")))


def test_mitchell_lama_tenant_qualifies():  # clause 5: housing types
    assert check(household(dict(SENIOR, housing_type="mitchell-lama development")))


def test_qualifies_through_senior_friend_on_lease():  # eligibility through a non-self member
    me = {"age": 40, "annual_work_income": 30000, "monthly_rent_spending": 1500}
    assert check(household(me, {"relation": "friend", "age": 75, "name_is_on_lease": True}))


def test_household_without_senior_does_not_qualify():  # no relevant member
    assert not check(household(dict(SENIOR, age=40), {"relation": "child", "age": 10}))
