from checkers.office_of_child_support_services import check
from eligibench.household import household

PARENT = {"responsible_for_day_to_day": True, "is_parent": True}


def kid(**changes):
    return {"relation": "child", "age": 8} | changes


def test_single_parent_responsible_for_young_child_qualifies():  # all clauses
    assert check(household(PARENT, kid()))


def test_parent_with_spouse_does_not_qualify():  # clause: single parent
    assert not check(household(PARENT, {"relation": "spouse"}, kid()))


def test_child_aged_20_qualifies():  # clause: child under 21 (just below)
    assert check(household(PARENT, kid(age=20)))


def test_child_aged_21_does_not_qualify():  # clause: child under 21 (edge: exactly 21)
    assert not check(household(PARENT, kid(age=21)))


def test_child_aged_22_does_not_qualify():  # clause: child under 21 (just above)
    assert not check(household(PARENT, kid(age=22)))


def test_newborn_qualifies():  # clause: child under 21 (age 0)
    assert check(household(PARENT, kid(age=0)))


def test_foster_child_qualifies():  # clause: child includes foster child
    assert check(household(PARENT, kid(relation="foster child")))


def test_nephew_does_not_count_as_child():  # clause: child relations only
    assert not check(household(PARENT, kid(relation="niece or nephew")))


def test_not_responsible_for_day_to_day_does_not_qualify():  # clause: primarily responsible for day-to-day life
    assert not check(household(PARENT | {"responsible_for_day_to_day": False}, kid()))


def test_older_child_plus_younger_child_qualifies():  # clause: any child under 21 counts
    assert check(household(PARENT, kid(age=25), kid(age=12)))


def test_household_without_children_does_not_qualify():  # no relevant member
    assert not check(household(PARENT, {"relation": "sibling", "age": 10}))
