from checkers.editions.e2026_08.commodity_supplemental_food_program import check
from eligibench.household import household

NYC = {"place_of_residence": "New York City"}


def test_age_60_at_the_size_1_limit_qualifies():  # clauses: 60 or older (edge), income limit size 1 (edge)
    assert check(household(NYC | {"age": 60, "annual_work_income": 23940}))


def test_just_above_the_size_1_limit_fails():  # clause: income limit size 1 (just above)
    assert not check(household(NYC | {"age": 70, "annual_work_income": 23941}))


def test_the_2024_limit_no_longer_binds():  # clause: the limit moved from $19,578 to $23,940
    assert check(household(NYC | {"age": 70, "annual_work_income": 23939}))
    assert check(household(NYC | {"age": 70, "annual_work_income": 19579}))


def test_age_59_fails():  # clause: 60 or older (just below)
    assert not check(household(NYC | {"age": 59, "annual_work_income": 0}))


def test_living_outside_new_york_fails_unless_in_nyc_only_housing():  # clause: New York resident
    assert not check(household({"age": 70, "place_of_residence": "Jersey", "annual_work_income": 0}))
    assert check(household({"age": 70, "place_of_residence": "Jersey", "housing_type": "NYCHA development"}))


def test_eligible_through_a_non_self_member_with_size_6_row():  # clause: any member; size 6 row
    members = [{"age": 35, **NYC, "annual_work_income": 66540}, {"relation": "sibling", "age": 80, **NYC}]
    members += [{"relation": "child", "age": 3, **NYC}] * 4
    assert check(household(*members))
    members[0] = members[0] | {"annual_work_income": 66541}
    assert not check(household(*members))


def test_no_older_member_fails():  # a household with no relevant member
    assert not check(household(NYC | {"age": 30}, {"relation": "child", "age": 2, **NYC}))
