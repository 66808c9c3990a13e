from checkers.editions.e2026_08.enhanced_school_tax_relief_program import check
from checkers.enhanced_school_tax_relief_program import check as check_2024
from eligibench.household import household

OWNER = {"is_property_owner": True, "housing_type": "2 bedroom, 1 family house", "age": 70}


def test_senior_owner_living_in_their_home_qualifies():  # all clauses
    assert check(household(OWNER))


def test_non_owner_senior_does_not_qualify():  # clause 1: owns their home
    assert not check(household(dict(OWNER, is_property_owner=False)))


def test_owner_not_living_there_does_not_qualify():  # clause 1: primary residence
    assert not check(household(dict(OWNER, primary_residence=False)))


def test_owner_age_boundary():  # clause 1: 65 or older (at / just below)
    assert check(household(dict(OWNER, age=65)))
    assert not check(household(dict(OWNER, age=64)))


def test_senior_non_owner_and_young_owner_do_not_combine():  # clause 1: the same member owns, lives there, is 65+
    assert not check(household(dict(OWNER, age=60), {"relation": "spouse", "age": 70}))
    assert not check(household(dict(OWNER, age=70, primary_residence=False), dict(OWNER, relation="spouse", age=60)))


def test_a_younger_co_owner_no_longer_fails():  # reading: "all owners 65+" left the text; verdict flips
    hh = household(dict(OWNER, age=70), dict(OWNER, relation="child", age=40))
    assert not check_2024(hh)
    assert check(hh)


def test_an_owner_recorded_as_renting_or_in_a_shelter_does_not_own_their_home():  # reading: "own your home"
    for housing in ("rent controlled apartment", "HRA shelter", "temporary housing", "mitchell-lama development"):
        assert not check(household(dict(OWNER, housing_type=housing))), housing


def test_a_section_213_coop_is_an_owned_cooperative_now():  # reading: a Section 213 coop is a cooperative; 2024 reads it so too since its second reading (decider)
    hh = household(dict(OWNER, housing_type="Section 213 coop"))
    assert check_2024(hh)
    assert check(hh)


def test_income_at_and_just_past_the_2026_limit():  # clause 2: $110,750 (edge / just above)
    assert check(household(dict(OWNER, annual_work_income=100000, annual_investment_income=10750)))
    assert not check(household(dict(OWNER, annual_work_income=110751)))


def test_income_between_the_2024_and_2026_limits_flips_the_verdict():  # clause 2: 98,700 -> 110,750
    hh = household(dict(OWNER, annual_investment_income=105000))
    assert not check_2024(hh)
    assert check(hh)


def test_every_members_income_now_counts():  # clause 2: combined household income; verdict flips
    hh = household(dict(OWNER, annual_investment_income=50000), {"relation": "child", "age": 40, "annual_work_income": 60751})
    assert check_2024(hh)  # 2024: only owners and resident spouses counted
    assert not check(hh)
