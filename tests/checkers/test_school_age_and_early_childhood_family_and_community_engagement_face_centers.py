import pytest

from checkers.school_age_and_early_childhood_family_and_community_engagement_face_centers import check
from eligibench.household import household


def test_disabled_child_in_nyc_qualifies():  # clauses: child, disability, NYC (through a child)
    assert check(household({"age": 40}, {"relation": "child", "age": 8, "disabled": True}))


def test_child_without_disability_fails():  # clause: has a disability
    assert not check(household({"age": 40}, {"relation": "child", "age": 8}))


def test_disabled_17_year_old_qualifies():  # clause: under 18 (just below)
    assert check(household({"age": 40}, {"relation": "child", "age": 17, "disabled": True}))


def test_disabled_18_year_old_fails():  # clause: under 18 (at)
    assert not check(household({"age": 40}, {"relation": "child", "age": 18, "disabled": True}))


def test_disabled_adult_fails():  # clause: under 18 (adult with a disability)
    assert not check(household({"age": 40, "disabled": True}, {"relation": "child", "age": 8}))


def test_disabled_child_outside_nyc_fails():  # clause: lives in NYC
    assert not check(household({"age": 40}, {"relation": "child", "age": 8, "disabled": True, "place_of_residence": "Jersey"}))


def test_household_with_no_children_fails():  # no relevant member
    assert not check(household({"age": 40}, {"relation": "spouse", "age": 41}))


@pytest.mark.parametrize("flag", ["blind", "deaf_or_hearing_loss", "developmental_condition"])
def test_every_kind_of_disability_counts(flag):  # clause: has a disability (issue 30)
    assert check(household({"age": 40}, {"relation": "child", "age": 8, flag: True}))
