from checkers.senior_citizen_homeowners_exemption import check
from eligibench.household import household

OWNER = {"is_property_owner": True, "housing_type": "condo", "age": 70, "months_owned_property": 120}


def test_senior_owner_of_condo_qualifies():  # all clauses
    assert check(household(OWNER))


def test_owner_of_manufactured_home_does_not_qualify():  # clause 1: home types
    assert not check(household(dict(OWNER, housing_type="manufactured home")))


def test_owner_of_one_family_house_qualifies():  # clause 1: one-family home
    assert check(household(dict(OWNER, housing_type="4 bedroom, 1 family house")))


def test_owner_exactly_65_qualifies():  # clause 2: 65 or older (edge)
    assert check(household(dict(OWNER, age=65)))


def test_owner_aged_64_does_not_qualify():  # clause 2: 65 or older (just below)
    assert not check(household(dict(OWNER, age=64)))


def test_spouse_co_owner_under_65_qualifies():  # clause 2: spouse exception
    assert check(household(OWNER, dict(OWNER, relation="spouse", age=55)))


def test_in_law_co_owners_need_every_owner_65():  # clause 2: spouse exception (second reading 2024-b)
    # The answerer's spouse (70) and sibling (64) own the home; the answerer does not: they are
    # in-laws, not each other's spouse or sibling, so every owner must be 65 or older.
    renter = {"age": 45, "housing_type": "condo"}
    assert not check(household(renter, dict(OWNER, relation="spouse"), dict(OWNER, relation="sibling", age=64)))
    assert check(household(renter, dict(OWNER, relation="spouse"), dict(OWNER, relation="sibling", age=65)))


def test_two_sibling_co_owners_one_senior_qualifies():  # clause 2: sibling exception without the answerer
    assert check(household({"age": 45}, dict(OWNER, relation="sibling"), dict(OWNER, relation="sibling", age=60)))


def test_child_co_owner_under_65_does_not_qualify():  # clause 2: all owners 65+
    assert not check(household(OWNER, dict(OWNER, relation="child", age=40)))


def test_co_owner_not_living_there_does_not_qualify():  # clause 3: every owner's primary residence
    assert not check(household(OWNER, dict(OWNER, relation="spouse", primary_residence=False)))


def test_owner_income_exactly_58399_qualifies():  # clause 4 (edge)
    assert check(household(dict(OWNER, annual_work_income=50000, annual_investment_income=8399)))


def test_owner_income_58400_does_not_qualify():  # clause 4 (just above)
    assert not check(household(dict(OWNER, annual_work_income=58400)))


def test_combined_owner_income_counts():  # clause 4: all owners
    hh = household(dict(OWNER, annual_work_income=30000), dict(OWNER, relation="spouse", annual_work_income=30000))
    assert not check(hh)


def test_non_owner_income_does_not_count():  # clause 4: owners only
    assert check(household(OWNER, {"relation": "child", "age": 40, "annual_work_income": 90000}))


def test_owned_11_months_does_not_qualify():  # clause 5 (just below)
    assert not check(household(dict(OWNER, months_owned_property=11)))


def test_owned_exactly_12_months_qualifies():  # clause 5 (edge)
    assert check(household(dict(OWNER, months_owned_property=12)))


def test_new_owner_with_previous_exemption_qualifies():  # clause 5: waiver
    assert check(household(dict(OWNER, months_owned_property=2, had_previous_sche=True)))


def test_qualifies_through_senior_sibling_owner():  # eligibility through a non-self member
    assert check(household({"age": 40}, dict(OWNER, relation="sibling")))


def test_household_without_owner_does_not_qualify():  # no relevant member
    assert not check(household({"age": 80}))


def test_section_213_coop_is_a_coop_apartment():  # clause 1: home types (decided with DHE and STAR, second reading 2024-a)
    assert check(household(dict(OWNER, housing_type="Section 213 coop")))
    assert not check(household(dict(OWNER, housing_type="mitchell-lama development")))
