from checkers.veterans_property_tax_exemption import check
from eligibench.household import household

VET = {"conflict_veteran": True, "age": 60}


def test_owner_veteran_living_there_qualifies():  # all clauses
    assert check(household(dict(VET, is_property_owner=True)))


def test_veteran_not_owner_nor_spouse_does_not_qualify():  # clause 1
    assert not check(household(VET))


def test_veteran_married_to_owner_qualifies():  # clause 1: spouse of the owner
    assert check(household(VET, {"relation": "spouse", "is_property_owner": True}))


def test_veteran_spouse_of_owner_qualifies():  # clause 1: spouse member, eligibility through non-self
    assert check(household({"is_property_owner": True}, dict(VET, relation="spouse")))


def test_veteran_child_of_owner_does_not_qualify():  # clause 1: a child is not the owner's spouse
    assert not check(household({"is_property_owner": True}, dict(VET, relation="child", age=30)))


def test_widowed_veteran_qualifies():  # clause 1: surviving spouse
    assert check(household(dict(VET, propery_owner_widow=True)))


def test_owner_not_primary_residence_does_not_qualify():  # clause 2
    assert not check(household(dict(VET, is_property_owner=True, primary_residence=False)))


def test_owner_not_a_conflict_veteran_does_not_qualify():  # clause 3
    assert not check(household({"is_property_owner": True}))


def test_household_without_veteran_does_not_qualify():  # no relevant member
    assert not check(household({"is_property_owner": True}, {"relation": "spouse"}))
