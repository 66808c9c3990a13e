from checkers.child_health_plus_and_childrens_medicaid import check
from eligibench.household import household

ADULT = {"age": 40}


def test_uninsured_child_qualifies_for_child_health_plus():  # clause: no health insurance (CHP)
    assert check(household(ADULT, {"relation": "child", "age": 10, "health_insurance": False}))


def test_insured_child_not_medicaid_eligible_does_not_qualify():  # clause: CHP or Medicaid route needed
    assert not check(household(ADULT, {"relation": "child", "age": 10, "health_insurance": True}))


def test_insured_child_eligible_for_medicaid_qualifies():  # clause: Children's Medicaid (eligible)
    assert check(household(ADULT, {"relation": "child", "age": 10, "eligible_for_medicaid": True}))


def test_child_receiving_medicaid_qualifies():  # clause: Children's Medicaid (receives)
    assert check(household(ADULT, {"relation": "child", "age": 10, "receives_medicaid": True}))


def test_age_18_qualifies():  # clause: under 19 (just below)
    assert check(household(ADULT, {"relation": "child", "age": 18, "health_insurance": False}))


def test_age_19_does_not_qualify():  # clause: under 19 (exactly at the limit)
    assert not check(household(ADULT, {"relation": "child", "age": 19, "health_insurance": False}))


def test_newborn_qualifies():  # clause: under 19 (age 0)
    assert check(household(ADULT, {"relation": "child", "age": 0, "health_insurance": False}))


def test_child_outside_new_york_does_not_qualify():  # clause: resident of New York State
    hh = household(ADULT, {"relation": "child", "age": 10, "health_insurance": False, "place_of_residence": "Jersey"})
    assert not check(hh)


def test_self_under_19_qualifies():  # any member under 19, whatever the relation
    assert check(household({"age": 17, "health_insurance": False}))


def test_uninsured_adult_only_does_not_qualify():  # no relevant member
    assert not check(household({"age": 40, "health_insurance": False, "eligible_for_medicaid": True}))


def test_insured_child_on_disability_medicaid_qualifies():  # clause: Children's Medicaid (issue 30: any kind of Medicaid)
    child = {"relation": "child", "age": 10, "health_insurance": True}
    assert not check(household(ADULT, child))
    assert check(household(ADULT, dict(child, receives_disability_medicaid=True)))
