from checkers.family_assessment_program import check
from eligibench.household import household


def test_family_with_teen_struggling_qualifies():  # both clauses
    assert check(household({"age": 45}, {"relation": "child", "age": 15, "struggles_to_relate": True}))


def test_member_exactly_18_does_not_count():  # clause: child under 18 (at 18: PINS ends at 18)
    assert not check(household({"age": 45}, {"relation": "child", "age": 18, "struggles_to_relate": True}))


def test_child_aged_17_qualifies():  # clause: child under 18 (just below)
    assert check(household({"age": 45}, {"relation": "child", "age": 17, "struggles_to_relate": True}))


def test_child_aged_19_does_not_qualify():  # clause: child up to 18 (just above)
    assert not check(household({"age": 45}, {"relation": "child", "age": 19, "struggles_to_relate": True}))


def test_parent_struggling_with_young_child_qualifies():  # clause: struggling, through the parent
    assert check(household({"age": 45, "struggles_to_relate": True}, {"relation": "child", "age": 9}))


def test_no_one_struggling_does_not_qualify():  # clause: struggling to relate
    assert not check(household({"age": 45}, {"relation": "child", "age": 12}))


def test_no_acs_case_needed():  # clause: open ACS case not needed
    hh = household({"age": 45, "acs": False}, {"relation": "child", "age": 12, "struggles_to_relate": True})
    assert check(hh)


def test_adult_only_household_does_not_qualify():  # no relevant member
    assert not check(household({"age": 45, "struggles_to_relate": True}, {"relation": "spouse", "age": 44}))
