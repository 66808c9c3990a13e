from checkers.editions.e2026_08.nyc_nurse_family_partnership import check
from checkers.nyc_nurse_family_partnership import check as check_2024
from eligibench.household import household

MOTHER = {"sex": "female", "age": 27, "eligible_for_medicaid": True}


def test_pregnant_at_one_month_qualifies_and_not_pregnant_fails():  # clause: pregnant (edge)
    assert check(household(MOTHER | {"months_pregnant": 1}))
    assert not check(household(MOTHER | {"months_pregnant": 0}))


def test_the_28_week_limit_is_gone():  # clause moved: "28 weeks or less" dropped
    late = household(MOTHER | {"months_pregnant": 7})
    assert check(late) and not check_2024(late)
    assert check(household(MOTHER | {"months_pregnant": 9}))


def test_the_first_baby_condition_is_gone():  # clause moved: "with your first baby" dropped
    parent = household(MOTHER | {"months_pregnant": 3, "is_parent": True}, {"relation": "child", "age": 2})
    assert check(parent) and not check_2024(parent)


def test_medicaid_or_wic_routes():  # clause: eligible for Medicaid or WIC
    base = {"sex": "female", "age": 27, "months_pregnant": 3}
    for route in ({"eligible_for_medicaid": True}, {"receives_medicaid": True}, {"receives_snap": True},
                  {"receives_temporary_assistance": True}):
        assert check(household(base | route))
    assert not check(household(base))


def test_outside_nyc_fails_unless_in_nyc_only_housing():  # clause: lives in New York City
    assert not check(household(MOTHER | {"months_pregnant": 3, "place_of_residence": "Jersey"}))
    assert check(household(MOTHER | {"months_pregnant": 3, "place_of_residence": "Jersey", "housing_type": "DHS shelter"}))


def test_a_pregnant_non_self_member_qualifies():  # scope: any member
    assert check(household({"age": 50}, MOTHER | {"relation": "child", "age": 17, "months_pregnant": 2}))


def test_disability_medicaid_is_medicaid():  # issue 30: "eligible for Medicaid", disability Medicaid included
    # the reviewer's household: a pregnant woman on disability Medicaid, no other route
    pregnant = {"sex": "female", "age": 30, "months_pregnant": 4, "disabled": True}
    assert check(household(pregnant | {"receives_disability_medicaid": True}))
    assert not check(household(pregnant))  # its twin without that flag has no route
