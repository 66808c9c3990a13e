from checkers.basic_school_tax_relief_program import check
from eligibench.household import household

OWNER = {"is_property_owner": True, "housing_type": "condo", "age": 40}


def test_owner_living_in_condo_qualifies():  # clauses 1-3
    assert check(household(OWNER))


def test_young_owner_qualifies():  # clause 2: no age requirement
    assert check(household(dict(OWNER, age=19)))


def test_non_owner_does_not_qualify():  # clause 1: homeowner
    assert not check(household(dict(OWNER, is_property_owner=False)))


def test_owner_of_rent_stabilized_apartment_does_not_qualify():  # clause 1: home types
    assert not check(household(dict(OWNER, housing_type="rent stabilized apartment")))


def test_owner_of_mixed_use_property_qualifies():  # clause 1: mixed-use property
    assert check(household(dict(OWNER, housing_type="mixed use property")))


def test_owner_not_living_there_does_not_qualify():  # clause 2: primary residence
    assert not check(household(dict(OWNER, primary_residence=False)))


def test_income_exactly_500000_qualifies():  # clause 3 (edge)
    assert check(household(dict(OWNER, annual_work_income=450000, annual_investment_income=50000)))


def test_income_500001_does_not_qualify():  # clause 3 (just above)
    assert not check(household(dict(OWNER, annual_work_income=500001)))


def test_spouse_of_owner_income_counts():  # clause 3: owners and their spouses
    hh = household(dict(OWNER, annual_work_income=300000), {"relation": "spouse", "annual_work_income": 200001})
    assert not check(hh)


def test_non_owner_non_spouse_income_does_not_count():  # clause 3: only owners and spouses
    hh = household(dict(OWNER, annual_work_income=300000), {"relation": "child", "age": 30, "annual_work_income": 300000})
    assert check(hh)


def test_qualifies_through_owning_child():  # eligibility through a non-self member
    hh = household({"age": 70}, dict(OWNER, relation="child"))
    assert check(hh)


def test_household_without_owner_does_not_qualify():  # no relevant member
    assert not check(household({"age": 50}, {"relation": "spouse"}))


def test_section_213_coop_is_a_cooperative_apartment():  # clause 1: home types (second reading 2024-a, decided)
    reader = {"is_property_owner": True, "housing_type": "Section 213 coop", "age": 50, "months_owned_property": 60}
    assert check(household(reader))
    # its twin in a Mitchell-Lama development (rental or co-op, the schema does not say) is not read as an owned co-op
    assert not check(household(dict(reader, housing_type="mitchell-lama development")))
