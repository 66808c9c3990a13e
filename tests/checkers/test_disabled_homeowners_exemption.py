import pytest

from checkers.disabled_homeowners_exemption import check
from eligibench.household import household

OWNER = {"is_property_owner": True, "housing_type": "cooperative apartment", "disabled": True}


def test_disabled_owner_of_coop_qualifies():  # all clauses
    assert check(household(OWNER))


def test_owner_of_hdfc_development_qualifies():  # clause 1: HDFC development
    assert check(household(dict(OWNER, housing_type="Housing Development Fund Corporation (HDFC) development")))


def test_owner_of_farmhouse_does_not_qualify():  # clause 1: home types
    assert not check(household(dict(OWNER, housing_type="farmhouse")))


def test_owner_in_mitchell_lama_does_not_qualify():  # clause 2: excluded developments
    assert not check(household(dict(OWNER, housing_type="mitchell-lama development")))


def test_owner_without_disability_does_not_qualify():  # clause 3
    assert not check(household(dict(OWNER, disabled=False)))


def test_spouse_co_owner_without_disability_qualifies():  # clause 3: spouse exception
    assert check(household(OWNER, dict(OWNER, relation="spouse", disabled=False)))


def test_friend_co_owner_without_disability_does_not_qualify():  # clause 3: every owner disabled
    assert not check(household(OWNER, dict(OWNER, relation="friend", disabled=False)))


def test_disabled_owner_not_living_there_does_not_qualify():  # clause 4
    hh = household(dict(OWNER, primary_residence=False), dict(OWNER, relation="spouse", disabled=False))
    assert not check(hh)


def test_income_exactly_58399_qualifies():  # clause 5 (edge)
    assert check(household(dict(OWNER, annual_work_income=58000, annual_investment_income=399)))


def test_income_58400_does_not_qualify():  # clause 5 (just above)
    assert not check(household(dict(OWNER, annual_work_income=58400)))


def test_co_owner_income_counts():  # clause 5: combined owners
    hh = household(dict(OWNER, annual_work_income=40000), dict(OWNER, relation="spouse", annual_work_income=20000))
    assert not check(hh)


def test_qualifies_through_disabled_child_owner():  # eligibility through a non-self member
    assert check(household({"age": 70}, dict(OWNER, relation="child", age=35)))


def test_household_without_owner_does_not_qualify():  # no relevant member
    assert not check(household({"disabled": True}))


@pytest.mark.parametrize("flag", ["blind", "deaf_or_hearing_loss", "developmental_condition"])
def test_every_kind_of_disability_counts(flag):  # clause 3: people with disabilities (issue 30)
    assert not check(household(dict(OWNER, disabled=False)))
    assert check(household(dict(OWNER, disabled=False, **{flag: True})))


def test_in_law_co_owners_need_every_owner_disabled():  # clause 3: spouse-or-sibling exception (second reading 2024-a)
    # The answerer's spouse (disabled) and sibling own the co-op; the answerer does not: they are
    # in-laws, not each other's spouse or sibling, so every owner must have a disability.
    renter = {"age": 60, "housing_type": "cooperative apartment"}
    spouse = dict(OWNER, relation="spouse", age=58)
    assert not check(household(renter, spouse, dict(OWNER, relation="sibling", age=62, disabled=False)))
    assert check(household(renter, spouse, dict(OWNER, relation="sibling", age=62)))


def test_sibling_co_owners_one_disabled_qualify():  # clause 3: sibling exception without the answerer
    renter = {"age": 60, "housing_type": "cooperative apartment"}
    hh = household(renter, dict(OWNER, relation="sibling"), dict(OWNER, relation="sibling", disabled=False))
    assert check(hh)


def test_answerer_with_spouse_and_sibling_co_owners_one_disabled_qualifies():  # clause 3: the answerer owns
    hh = household(OWNER, dict(OWNER, relation="spouse", disabled=False), dict(OWNER, relation="sibling", disabled=False))
    assert check(hh)


def test_section_213_coop_is_a_coop_apartment():  # clause 1: home types (second reading 2024-a, decided)
    reader = {"is_property_owner": True, "housing_type": "Section 213 coop", "age": 50, "disabled": True,
              "months_owned_property": 60}
    assert check(household(reader))
    assert not check(household(dict(reader, housing_type="limited dividend development")))
