from checkers.disability_rent_increase_exemption import check as check_2024
from checkers.editions.e2026_08.disability_rent_increase_exemption import check
from eligibench.household import household

TENANT = {"age": 40, "name_is_on_lease": True, "receives_ssdi": True, "annual_work_income": 36000, "monthly_rent_spending": 1500}


def test_tenant_on_ssdi_qualifies():  # all clauses
    assert check(household(TENANT))


def test_age_boundary():  # clause 1: 18 or older (at / just below)
    assert check(household(dict(TENANT, age=18)))
    assert not check(household(dict(TENANT, age=17)))


def test_name_not_on_lease_does_not_qualify():  # clause 2
    assert not check(household(dict(TENANT, name_is_on_lease=False)))


def test_income_boundary():  # clause 3: $50,000 or less (at / just above)
    assert check(household(dict(TENANT, annual_work_income=45000, annual_investment_income=5000)))
    assert not check(household(dict(TENANT, annual_work_income=50001)))


def test_other_members_income_counts():  # clause 3: household income
    assert not check(household(TENANT, {"relation": "spouse", "annual_work_income": 14001}))


def test_rent_boundary():  # clause 4: more than one-third (exactly one-third fails, one dollar more passes)
    assert not check(household(dict(TENANT, monthly_rent_spending=1000)))
    assert check(household(dict(TENANT, monthly_rent_spending=1001)))


def test_living_outside_nyc_does_not_qualify():  # implied: New York City
    assert not check(household(dict(TENANT, place_of_residence="Jersey")))


def test_housing_types():  # clause 5: listed housing only
    assert check(household(dict(TENANT, housing_type="Section 213 coop")))
    assert check(household(dict(TENANT, housing_type="rent regulated single room occupancy (SRO)")))
    assert not check(household(dict(TENANT, housing_type="Section 8")))


def test_ssi_and_va_disability_qualify():  # clause 6: SSI, VA disability
    assert check(household(dict(TENANT, receives_ssdi=False, receives_ssi=True)))
    assert check(household(dict(TENANT, receives_ssdi=False, receives_va_disability=True)))


def test_disability_medicaid_alone_now_qualifies():  # clause 6: the past SSI/SSDI condition left the text; verdict flips
    hh = household(dict(TENANT, receives_ssdi=False, receives_disability_medicaid=True))
    assert not check_2024(hh)
    assert check(hh)


def test_no_disability_benefit_does_not_qualify():  # clause 6: a disability without a listed benefit
    assert not check(household(dict(TENANT, receives_ssdi=False, disabled=True)))


def test_benefit_and_lease_on_different_members_does_not_qualify():  # reading: one applicant meets 1, 2, 5, 6
    me = dict(TENANT, receives_ssdi=False)
    assert not check(household(me, {"relation": "spouse", "receives_ssdi": True}))


def test_qualifies_through_spouse_applicant():  # reading: the applicant may be any member
    me = {"annual_work_income": 30000, "monthly_rent_spending": 1500}
    assert check(household(me, {"relation": "spouse", "name_is_on_lease": True, "receives_ssi": True}))
