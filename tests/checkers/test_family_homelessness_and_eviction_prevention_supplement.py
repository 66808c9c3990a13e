import pytest

from checkers.family_homelessness_and_eviction_prevention_supplement import check
from eligibench.household import household

PARENT = {"receives_cash_assistance": True, "housing_type": "HRA shelter"}


def test_parent_with_young_child_in_hra_shelter_qualifies():  # clauses 1 (child under 18), 2, 3 (HRA shelter)
    assert check(household(PARENT, {"relation": "child", "age": 5}))


def test_no_child_no_pregnancy_fails():  # clause 1: no relevant member
    assert not check(household(PARENT, {"relation": "spouse", "age": 40}))


def test_child_aged_17_qualifies():  # clause 1: child under 18 (just below)
    assert check(household(PARENT, {"relation": "child", "age": 17}))


def test_child_aged_18_not_in_school_fails():  # clause 1: child under 18 (exactly 18, no school)
    assert not check(household(PARENT, {"relation": "child", "age": 18}))


@pytest.mark.parametrize("grade", [9, 12])
def test_child_aged_18_in_high_school_qualifies(grade):  # clause 1: under 19 in high school
    assert check(household(PARENT, {"relation": "child", "age": 18, "current_school_level": grade}))


def test_child_aged_18_in_college_fails():  # clause 1: college is not high school
    assert not check(household(PARENT, {"relation": "child", "age": 18, "current_school_level": "college"}))


def test_child_aged_18_in_vocational_training_qualifies():  # clause 1: under 19 in vocational training
    assert check(household(PARENT, {"relation": "child", "age": 18, "enrolled_in_vocational_training": True}))


def test_child_aged_19_in_high_school_fails():  # clause 1: under 19 (exactly 19)
    assert not check(household(PARENT, {"relation": "child", "age": 19, "current_school_level": 12}))


def test_grandchild_counts_as_child():  # clause 1: child relations include grandchild
    assert check(household(PARENT, {"relation": "grandchild", "age": 3}))


def test_friend_under_18_is_not_a_child():  # clause 1: friend is not a child relation
    assert not check(household(PARENT, {"relation": "friend", "age": 16}))


def test_pregnant_self_qualifies():  # clause 1: pregnant person
    assert check(household({**PARENT, "months_pregnant": 3}))


def test_no_cash_assistance_fails():  # clause 2: active Cash Assistance case
    assert not check(household({"housing_type": "HRA shelter"}, {"relation": "child", "age": 5}))


def test_cash_assistance_through_spouse_qualifies():  # clause 2: through a non-self member
    hh = household({"housing_type": "HRA shelter"}, {"relation": "spouse", "receives_cash_assistance": True}, {"relation": "child", "age": 5})
    assert check(hh)


def test_stably_housed_fails():  # clause 3: no housing situation applies
    hh = household({"receives_cash_assistance": True, "housing_type": "rent stabilized apartment"}, {"relation": "child", "age": 5})
    assert not check(hh)


def test_dhs_shelter_and_hra_eligible_qualifies():  # clause 3: DHS shelter and eligible for HRA shelter
    hh = household({"receives_cash_assistance": True, "housing_type": "DHS shelter", "eligible_for_hra_shelter": True}, {"relation": "child", "age": 5})
    assert check(hh)


def test_dhs_shelter_not_hra_eligible_fails():  # clause 3: DHS shelter alone is not enough
    hh = household({"receives_cash_assistance": True, "housing_type": "DHS shelter"}, {"relation": "child", "age": 5})
    assert not check(hh)


def test_currently_being_evicted_qualifies():  # clause 3: currently being evicted
    hh = household({"receives_cash_assistance": True, "currently_being_evicted": True}, {"relation": "child", "age": 5})
    assert check(hh)


@pytest.mark.parametrize("months,ok", [(1, True), (12, True), (13, False), (0, False)])
def test_evicted_within_12_months(months, ok):  # clause 3: evicted within the last 12 months (edges; 0 = never)
    hh = household({"receives_cash_assistance": True, "evicted_months_ago": months}, {"relation": "child", "age": 5})
    assert check(hh) is ok


def test_temporary_assistance_flag_is_an_active_cash_assistance_case():  # clause 2 (issue 30: TA is cash assistance)
    ta_only = dict(PARENT, receives_cash_assistance=False, receives_temporary_assistance=True)
    assert not check(household(dict(PARENT, receives_cash_assistance=False), {"relation": "child", "age": 5}))
    assert check(household(ta_only, {"relation": "child", "age": 5}))
