from checkers.disability_rent_increase_exemption import check
from eligibench.household import household

TENANT = {"age": 40, "name_is_on_lease": True, "receives_ssdi": True, "annual_work_income": 36000, "monthly_rent_spending": 1500}


def test_tenant_on_ssdi_qualifies():  # all clauses
    assert check(household(TENANT))


def test_age_exactly_18_qualifies():  # clause 1 (edge)
    assert check(household(dict(TENANT, age=18)))


def test_age_17_does_not_qualify():  # clause 1 (just below)
    assert not check(household(dict(TENANT, age=17)))


def test_name_not_on_lease_does_not_qualify():  # clause 2
    assert not check(household(dict(TENANT, name_is_on_lease=False)))


def test_income_exactly_50000_qualifies():  # clause 3 (edge)
    assert check(household(dict(TENANT, annual_work_income=45000, annual_investment_income=5000)))


def test_income_50001_does_not_qualify():  # clause 3 (just above)
    assert not check(household(dict(TENANT, annual_work_income=50001)))


def test_rent_exactly_one_third_does_not_qualify():  # clause 4 (edge: must be more than)
    assert not check(household(dict(TENANT, monthly_rent_spending=1000)))


def test_rent_just_over_one_third_qualifies():  # clause 4 (just above)
    assert check(household(dict(TENANT, monthly_rent_spending=1001)))


def test_living_outside_nyc_does_not_qualify():  # clause 5: NYC
    assert not check(household(dict(TENANT, place_of_residence="Jersey")))


def test_section_213_coop_qualifies():  # clause 5: housing types
    assert check(household(dict(TENANT, housing_type="Section 213 coop")))


def test_section_8_does_not_qualify():  # clause 5: housing types
    assert not check(household(dict(TENANT, housing_type="Section 8")))


def test_ssi_qualifies():  # clause 6: SSI
    assert check(household(dict(TENANT, receives_ssdi=False, receives_ssi=True)))


def test_va_disability_qualifies():  # clause 6: VA disability
    assert check(household(dict(TENANT, receives_ssdi=False, receives_va_disability=True)))


def test_disability_medicaid_after_past_ssi_qualifies():  # clause 6: Medicaid with past SSI/SSDI
    t = dict(TENANT, receives_ssdi=False, receives_disability_medicaid=True, has_received_ssi_or_ssdi=True)
    assert check(household(t))


def test_disability_medicaid_without_past_ssi_does_not_qualify():  # clause 6: Medicaid alone
    assert not check(household(dict(TENANT, receives_ssdi=False, receives_disability_medicaid=True)))


def test_no_disability_benefit_does_not_qualify():  # clause 6
    assert not check(household(dict(TENANT, receives_ssdi=False, disabled=True)))


def test_benefit_and_lease_on_different_members_does_not_qualify():  # one applicant meets 1, 2, 5, 6
    me = dict(TENANT, receives_ssdi=False)
    assert not check(household(me, {"relation": "spouse", "receives_ssdi": True}))


def test_qualifies_through_spouse_applicant():  # eligibility through a non-self member
    me = {"annual_work_income": 30000, "monthly_rent_spending": 1500}
    assert check(household(me, {"relation": "spouse", "name_is_on_lease": True, "receives_ssi": True}))


def test_household_without_adult_on_lease_does_not_qualify():  # no relevant member
    assert not check(household(dict(TENANT, name_is_on_lease=False), {"relation": "child", "age": 10}))
