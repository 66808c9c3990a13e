from checkers.basic_school_tax_relief_program import check as check_2024
from checkers.editions.e2026_08.basic_school_tax_relief_program import check
from eligibench.household import household

OWNER = {"is_property_owner": True, "housing_type": "condo", "age": 40}


def test_owner_living_in_their_home_qualifies():  # clauses 1-3
    assert check(household(OWNER))


def test_young_owner_qualifies():  # clause 2: no age requirement
    assert check(household(dict(OWNER, age=19)))


def test_non_owner_does_not_qualify():  # clause 1: owns their home
    assert not check(household(dict(OWNER, is_property_owner=False)))


def test_owner_not_living_there_does_not_qualify():  # clause 2: primary residence
    assert not check(household(dict(OWNER, primary_residence=False)))


def test_owner_elsewhere_and_resident_non_owner_do_not_combine():  # clauses 1-2: the same member owns and lives there
    assert not check(household(dict(OWNER, primary_residence=False), {"relation": "spouse", "age": 40}))


def test_any_member_may_be_the_owner():  # reading: "you" is any member
    assert check(household({"age": 30}, dict(OWNER, relation="spouse")))


def test_an_owner_recorded_as_renting_or_in_a_shelter_does_not_own_their_home():  # reading: "own your home"
    for housing in ("rent stabilized apartment", "NYCHA development", "DHS shelter", "homeless", "Section 8"):
        assert not check(household(dict(OWNER, housing_type=housing))), housing


def test_owned_kinds_of_home_qualify():  # reading: the kinds of home a person owns
    for housing in ("2 bedroom, 1 family house", "cooperative apartment", "manufactured home", "mixed use property"):
        assert check(household(dict(OWNER, housing_type=housing))), housing


def test_a_section_213_coop_is_an_owned_cooperative_now():  # reading: a Section 213 coop is a cooperative; 2024 reads it so too since its second reading (decider)
    hh = household(dict(OWNER, housing_type="Section 213 coop"))
    assert check_2024(hh)
    assert check(hh)


def test_income_at_and_just_past_500000():  # clause 3 (edge / just above)
    assert check(household(dict(OWNER, annual_work_income=450000, annual_investment_income=50000)))
    assert not check(household(dict(OWNER, annual_work_income=500001)))


def test_every_members_income_now_counts():  # clause 3: combined household income; verdict flips
    hh = household(dict(OWNER, annual_work_income=300000), {"relation": "child", "age": 25, "annual_work_income": 200001})
    assert check_2024(hh)  # 2024: only owners and resident spouses counted
    assert not check(hh)
    assert check(household(dict(OWNER, annual_work_income=300000), {"relation": "child", "age": 25, "annual_work_income": 200000}))
