from checkers import registry
from checkers.editions.e2026_08.office_of_child_support_services import check
from eligibench.household import household

PARENT = {"age": 35, "responsible_for_day_to_day": True}
OLD = registry()["OfficeOfChildSupportServices"].check


def test_child_age_20_qualifies_and_21_does_not():  # clause: child under 21 (edge)
    assert check(household(PARENT, {"relation": "child", "age": 20}))
    assert not check(household(PARENT, {"relation": "child", "age": 21}))


def test_each_child_relation_counts_and_others_do_not():  # clause: their child
    for relation in ("child", "stepchild", "foster child", "adopted child"):
        assert check(household(PARENT, {"relation": relation, "age": 5})), relation
    assert not check(household(PARENT, {"relation": "niece or nephew", "age": 5}))


def test_the_caregiver_must_be_the_person_answering():  # clause: primary caregiver
    assert not check(household({"age": 35}, {"relation": "child", "age": 5}))


def test_a_spouse_in_the_household_no_longer_disqualifies():  # the rule moved: "single parent" -> "parent"
    hh = household(PARENT, {"relation": "spouse", "age": 36}, {"relation": "child", "age": 5})
    assert check(hh) and not OLD(hh)  # 2024: ineligible; 2026-08: eligible
