from checkers.editions.e2026_08.the_early_intervention_program import check
from checkers.the_early_intervention_program import check as check_2024
from eligibench.household import household

ADULT = {"age": 30}


def test_age_2_qualifies_and_age_3_no_longer_does():  # clause moved: "3 or younger" -> "under 3"
    assert check(household(ADULT, {"relation": "child", "age": 2}))
    three = household(ADULT, {"relation": "child", "age": 3})
    assert check_2024(three) and not check(three)


def test_a_newborn_qualifies_through_any_relation():  # clause: the child (any member under 3)
    assert check(household(ADULT, {"relation": "grandchild", "age": 0}))


def test_outside_nyc_fails_unless_in_nyc_only_housing():  # clause: lives in New York City
    away = {"place_of_residence": "Jersey"}
    assert not check(household(ADULT | away, {"relation": "child", "age": 1} | away))
    assert check(household(ADULT | away, {"relation": "child", "age": 1, "housing_type": "HRA shelter"} | away))


def test_no_young_child_fails():  # a household without a member under 3
    assert not check(household(ADULT, {"relation": "child", "age": 7}))
