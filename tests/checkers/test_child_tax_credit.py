from checkers.child_tax_credit import check
from eligibench.household import household

KID = {"relation": "child", "age": 8, "dependent": True}


def test_single_filer_with_qualifying_child_qualifies():  # all clauses
    assert check(household({"annual_work_income": 50000}, KID))


def test_single_income_exactly_200000_qualifies():  # clause 1: single limit (edge)
    assert check(household({"annual_work_income": 150000, "annual_investment_income": 50000}, KID))


def test_single_income_200001_does_not_qualify():  # clause 1: single limit (just above)
    assert not check(household({"annual_work_income": 200001}, KID))


def test_joint_income_exactly_400000_qualifies():  # clause 1: joint limit (edge, spouse income counts)
    me = {"annual_work_income": 250000, "filing_jointly": True}
    assert check(household(me, {"relation": "spouse", "annual_work_income": 150000}, KID))


def test_joint_income_400001_does_not_qualify():  # clause 1: joint limit (just above)
    me = {"annual_work_income": 250000, "filing_jointly": True}
    assert not check(household(me, {"relation": "spouse", "annual_work_income": 150001}, KID))


def test_separate_filer_spouse_income_not_counted():  # clause 1: only the filers' income
    me = {"annual_work_income": 190000}
    assert check(household(me, {"relation": "spouse", "annual_work_income": 150000}, KID))


def test_filer_with_itin_only_qualifies():  # clause 2: SSN or ITIN
    assert check(household({"has_ssn": False, "has_itin": True}, KID))


def test_filer_without_ssn_or_itin_does_not_qualify():  # clause 2
    assert not check(household({"has_ssn": False}, KID))


def test_child_aged_16_qualifies():  # clause 3: 16 or younger (edge)
    assert check(household({}, dict(KID, age=16)))


def test_child_aged_17_does_not_qualify():  # clause 3: 16 or younger (just above)
    assert not check(household({}, dict(KID, age=17)))


def test_child_with_atin_only_qualifies():  # clause 3: SSN or ATIN
    assert check(household({}, dict(KID, has_ssn=False, has_atin=True)))


def test_child_without_ssn_or_atin_does_not_qualify():  # clause 3: SSN or ATIN
    assert not check(household({}, dict(KID, has_ssn=False, has_itin=True)))


def test_niece_qualifies():  # clause 3: relations
    assert check(household({}, dict(KID, relation="niece or nephew")))


def test_cousin_does_not_qualify():  # clause 3: relations
    assert not check(household({}, dict(KID, relation="cousin")))


def test_child_not_living_with_filer_does_not_qualify():  # clause 3: lived with you over half the year
    assert not check(household({}, dict(KID, lived_together_last_6_months=False)))


def test_child_not_claimed_as_dependent_does_not_qualify():  # clause 3: claimed as a dependent
    assert not check(household({}, dict(KID, dependent=False)))


def test_self_supporting_child_does_not_qualify():  # clause 3: own support
    assert not check(household({}, dict(KID, provides_over_half_of_own_financial_support=True)))


def test_household_without_children_does_not_qualify():  # no relevant member
    assert not check(household({}, {"relation": "spouse"}))
