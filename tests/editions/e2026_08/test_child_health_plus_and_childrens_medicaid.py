from checkers.child_health_plus_and_childrens_medicaid import check as check_2024
from checkers.editions.e2026_08.child_health_plus_and_childrens_medicaid import check
from eligibench.household import household

ADULT = {"age": 40, "health_insurance": True}
CHILD = {"relation": "child", "health_insurance": False}


def test_age_18_qualifies_and_19_does_not():  # clause: 18 or younger (edge, just past)
    assert check(household(ADULT, CHILD | {"age": 18}))
    assert not check(household(ADULT, CHILD | {"age": 19}))
    assert check(household(ADULT, CHILD | {"age": 0}))


def test_an_insured_child_does_not_qualify():  # clause: no other health insurance
    assert not check(household(ADULT, CHILD | {"age": 10, "health_insurance": True}))
    assert not check(household(ADULT, CHILD | {"age": 10, "receives_medicaid": True}))


def test_qualifying_for_medicaid_now_keeps_a_child_out():  # clause moved: Medicaid was a way in, now excludes
    uninsured_medicaid_eligible = household(ADULT, CHILD | {"age": 10, "eligible_for_medicaid": True})
    assert check_2024(uninsured_medicaid_eligible) and not check(uninsured_medicaid_eligible)
    insured_on_medicaid = household(ADULT, CHILD | {"age": 10, "health_insurance": True, "receives_medicaid": True})
    assert check_2024(insured_on_medicaid) and not check(insured_on_medicaid)


def test_outside_new_york_fails_unless_in_nyc_only_housing():  # clause: lives in New York State
    away = {"place_of_residence": "Jersey"}
    assert not check(household(ADULT | away, CHILD | away | {"age": 10}))
    assert check(household(ADULT | away, CHILD | away | {"age": 10, "housing_type": "NYCHA development"}))


def test_income_does_not_matter():  # clause: regardless of income
    assert check(household(ADULT | {"annual_work_income": 500000}, CHILD | {"age": 10}))


def test_disability_medicaid_is_medicaid():  # issue 30: "do not qualify for Medicaid", disability Medicaid included
    # the reviewer's household: a disabled child on disability Medicaid, no other insurance
    on_disability_medicaid = household(ADULT, CHILD | {"age": 10, "disabled": True, "receives_disability_medicaid": True})
    assert not check(on_disability_medicaid)
    # its twin differing in that one flag qualifies: the flag alone decides
    assert check(household(ADULT, CHILD | {"age": 10, "disabled": True}))
