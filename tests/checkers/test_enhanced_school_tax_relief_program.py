from checkers.enhanced_school_tax_relief_program import check
from eligibench.household import household

OWNER = {"is_property_owner": True, "housing_type": "2 bedroom, 1 family house", "age": 70}


def test_senior_owner_living_in_house_qualifies():  # all clauses
    assert check(household(OWNER))


def test_owner_of_shelter_does_not_qualify():  # clause 1: home types
    assert not check(household(dict(OWNER, housing_type="DHS shelter")))


def test_non_owner_senior_does_not_qualify():  # clause 1: homeowner
    assert not check(household(dict(OWNER, is_property_owner=False)))


def test_owner_exactly_65_qualifies():  # clause 2: 65 or older (edge)
    assert check(household(dict(OWNER, age=65)))


def test_owner_aged_64_does_not_qualify():  # clause 2: 65 or older (just below)
    assert not check(household(dict(OWNER, age=64)))


def test_couple_with_one_senior_owner_qualifies():  # clause 2: married couple exception
    hh = household(dict(OWNER, age=66), dict(OWNER, relation="spouse", age=60))
    assert check(hh)


def test_siblings_with_one_senior_owner_qualify():  # clause 2: siblings exception
    hh = household(dict(OWNER, age=60), dict(OWNER, relation="sibling", age=68))
    assert check(hh)


def test_parent_and_child_with_one_senior_owner_do_not_qualify():  # clause 2: all owners 65+
    hh = household(dict(OWNER, age=70), dict(OWNER, relation="child", age=40))
    assert not check(hh)


def test_couple_plus_child_owner_does_not_qualify():  # clause 2: only a married couple
    hh = household(dict(OWNER, age=70), dict(OWNER, relation="spouse", age=70), dict(OWNER, relation="child", age=40))
    assert not check(hh)


def test_senior_owner_not_living_there_does_not_qualify():  # clause 3: senior owner's primary residence
    hh = household(dict(OWNER, age=70, primary_residence=False), dict(OWNER, relation="spouse", age=60))
    assert not check(hh)


def test_income_exactly_98700_qualifies():  # clause 4 (edge)
    assert check(household(dict(OWNER, annual_work_income=90000, annual_investment_income=8700)))


def test_income_98701_does_not_qualify():  # clause 4 (just above)
    assert not check(household(dict(OWNER, annual_work_income=98701)))


def test_resident_spouse_income_counts():  # clause 4: resident spouses
    hh = household(dict(OWNER, annual_work_income=60000), {"relation": "spouse", "annual_work_income": 40000})
    assert not check(hh)


def test_qualifies_through_senior_sibling_owner():  # eligibility through a non-self member
    hh = household({"age": 40}, dict(OWNER, relation="sibling"))
    assert check(hh)


def test_household_without_owner_does_not_qualify():  # no relevant member
    assert not check(household({"age": 80}))


def test_section_213_coop_is_a_cooperative_apartment():  # home types (second reading 2024-a, decided)
    reader = {"is_property_owner": True, "housing_type": "Section 213 coop", "age": 70, "months_owned_property": 60}
    assert check(household(reader))
    assert not check(household(dict(reader, housing_type="Housing Development Fund Corporation (HDFC) development")))
