import pytest

from checkers.earned_income_tax_credit import check
from eligibench.household import household

KID = {"relation": "child", "age": 6}
JOINT = {"filing_jointly": True}


def test_single_with_child_at_limit_qualifies():  # clause 2: single with children (edge)
    assert check(household({"annual_work_income": 56838}, KID))


def test_single_with_child_above_limit_does_not_qualify():  # clause 2: single with children (just above)
    assert not check(household({"annual_work_income": 56839}, KID))


def test_single_without_child_at_limit_qualifies():  # clause 2: single without children (edge)
    assert check(household({"annual_work_income": 17640}))


def test_single_without_child_above_limit_does_not_qualify():  # clause 2: single without children
    assert not check(household({"annual_work_income": 17641}))


def test_joint_with_child_combined_income_at_limit_qualifies():  # clause 2: joint with children (edge)
    hh = household(dict(JOINT, annual_work_income=40000), {"relation": "spouse", "annual_work_income": 23398}, KID)
    assert check(hh)


def test_joint_with_child_combined_income_above_limit_does_not_qualify():  # clause 2: joint with children
    hh = household(dict(JOINT, annual_work_income=40000), {"relation": "spouse", "annual_work_income": 23399}, KID)
    assert not check(hh)


def test_joint_without_child_at_limit_qualifies():  # clause 2: joint without children (edge)
    hh = household(dict(JOINT, annual_work_income=24210), {"relation": "spouse"})
    assert check(hh)


def test_joint_without_child_above_limit_does_not_qualify():  # clause 2: joint without children
    hh = household(dict(JOINT, annual_work_income=24000), {"relation": "spouse", "annual_work_income": 211})
    assert not check(hh)


def test_no_ssn_does_not_qualify():  # clause 1
    assert not check(household({"has_ssn": False, "annual_work_income": 10000}, KID))


def test_grandchild_counts_as_qualifying_child():  # clause 3: grandchild raises limit
    assert check(household({"annual_work_income": 30000}, {"relation": "grandchild", "age": 4}))


def test_cousin_is_not_a_qualifying_child():  # clause 3: relations (a niece counts since the second reading 2024)
    assert not check(household({"annual_work_income": 30000}, {"relation": "cousin", "age": 4}))
    assert check(household({"annual_work_income": 30000}, {"relation": "niece or nephew", "age": 4}))


def test_no_children_age_24_does_not_qualify():  # clause 4: age 25 (just below)
    assert not check(household({"age": 24, "annual_work_income": 10000}))


def test_no_children_age_25_qualifies():  # clause 4: age 25 (edge)
    assert check(household({"age": 25, "annual_work_income": 10000}))


def test_no_children_age_64_qualifies():  # clause 4: age 64 (edge)
    assert check(household({"age": 64, "annual_work_income": 10000}))


def test_no_children_age_65_does_not_qualify():  # clause 4: age 64 (just above)
    assert not check(household({"age": 65, "annual_work_income": 10000}))


def test_no_children_joint_spouse_in_age_range_qualifies():  # clause 4: either joint filer
    hh = household(dict(JOINT, age=70, annual_work_income=10000), {"relation": "spouse", "age": 40})
    assert check(hh)


def test_with_children_young_filer_qualifies():  # clause 4 applies only without children
    assert check(household({"age": 20, "annual_work_income": 10000}, KID))


def test_married_separate_child_and_living_apart_qualifies():  # clause 5
    hh = household({"annual_work_income": 20000}, {"relation": "spouse", "lived_together_last_6_months": False}, KID)
    assert check(hh)


def test_married_separate_living_together_does_not_qualify():  # clause 5: lived apart
    hh = household({"annual_work_income": 20000}, {"relation": "spouse"}, KID)
    assert not check(hh)


def test_married_separate_without_child_does_not_qualify():  # clause 5: qualifying child lived with you
    hh = household({"annual_work_income": 10000}, {"relation": "spouse", "lived_together_last_6_months": False})
    assert not check(hh)


def test_married_separate_child_not_living_with_filer_does_not_qualify():  # clause 5
    kid = dict(KID, lived_together_last_6_months=False)
    hh = household({"annual_work_income": 20000}, {"relation": "spouse", "lived_together_last_6_months": False}, kid)
    assert not check(hh)


def test_investment_income_10999_qualifies():  # clause 6 (just below)
    assert check(household({"annual_work_income": 20000, "annual_investment_income": 10999}, KID))


def test_investment_income_11000_does_not_qualify():  # clause 6 (edge: must be less than)
    assert not check(household({"annual_work_income": 20000, "annual_investment_income": 11000}, KID))


def test_child_aged_18_counts():  # implied: qualifying child under 19 (just below)
    assert check(household({"annual_work_income": 30000, "age": 45}, dict(KID, age=18)))


def test_child_aged_19_not_a_student_does_not_count():  # implied: under 19 (at 19), so the no-children limit applies
    assert not check(household({"annual_work_income": 30000, "age": 45}, dict(KID, age=19)))


def test_student_child_aged_23_counts():  # implied: under 24 and a full-time student (school level)
    assert check(household({"annual_work_income": 30000, "age": 50}, dict(KID, age=23, current_school_level="college")))
    assert check(household({"annual_work_income": 30000, "age": 50}, dict(KID, age=23, enrolled_in_educational_training=True)))


def test_student_child_aged_24_does_not_count():  # implied: under 24 (at 24)
    assert not check(household({"annual_work_income": 30000, "age": 50}, dict(KID, age=24, current_school_level="college")))


def test_disabled_adult_child_counts():  # implied: disabled at any age
    assert check(household({"annual_work_income": 30000, "age": 60}, dict(KID, age=35, disabled=True)))


@pytest.mark.parametrize("flag", ["blind", "deaf_or_hearing_loss", "developmental_condition"])
def test_adult_child_with_any_kind_of_disability_counts(flag):  # implied: disabled at any age (issue 30)
    filer = {"annual_work_income": 30000, "age": 60}
    assert not check(household(filer, dict(KID, age=35)))
    assert check(household(filer, dict(KID, age=35, **{flag: True})))


def test_no_income_from_work_does_not_qualify():  # implied: income from work above $0 (second reading 2024-a)
    # A single parent whose only income is 5,000 of investments earns nothing: no Earned Income credit.
    assert not check(household({"annual_investment_income": 5000}, KID))
    assert check(household({"annual_work_income": 1, "work_hours_per_week": 1, "annual_investment_income": 5000}, KID))


def test_joint_filers_earnings_of_either_spouse_count():  # implied: income from work (both spouses' when filing jointly)
    me = dict(JOINT, annual_investment_income=3000)
    assert not check(household(me, {"relation": "spouse"}, KID))
    assert check(household(me, {"relation": "spouse", "annual_work_income": 15000, "work_hours_per_week": 20}, KID))


@pytest.mark.parametrize("relation", ["sibling", "niece or nephew"])
def test_sibling_or_niece_is_a_qualifying_child(relation):  # clause 3: qualifying children (second reading 2024-a, decided)
    filer = {"annual_work_income": 30000, "work_experience": True, "work_hours_per_week": 35,
             "work_or_volunteer_experience": True}
    child = {"age": 10, "current_school_level": 5, "dependent": True, "relation": relation,
             "high_school_equivalent": "no high school diploma equivalent"}
    assert check(household(filer, child))
    assert not check(household(filer, dict(child, relation="cousin")))  # the twin: held to the no-children limit
