from checkers import registry
from checkers.editions.e2026_08.nyc_care import check
from eligibench.household import household

OK = {"place_of_residence": "New York City", "health_insurance": False, "qualify_for_health_insurance": False}
OLD = registry()["NYCCare"].check


def test_uninsured_nyc_resident_without_a_state_plan_qualifies_through_any_member():  # clauses: all three
    assert check(household(OK))
    assert check(household({"place_of_residence": "Jersey", "qualify_for_health_insurance": True},
                           OK | {"relation": "spouse"}))


def test_outside_nyc_fails_but_nyc_only_housing_counts():  # clause: lives in NYC
    assert not check(household(OK | {"place_of_residence": "Jersey"}))
    assert check(household(OK | {"place_of_residence": "Jersey", "housing_type": "DHS shelter"}))


def test_qualifying_for_a_state_plan_fails():  # clause: no NYS plan
    assert not check(household(OK | {"qualify_for_health_insurance": True}))


def test_having_health_insurance_now_fails():  # the rule moved: "don't have health insurance from your employer"
    insured = household(OK | {"health_insurance": True})
    assert OLD(insured) and not check(insured)  # 2024: eligible; 2026-08: ineligible
