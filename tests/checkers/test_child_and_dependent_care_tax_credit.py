import pytest

from checkers.child_and_dependent_care_tax_credit import check
from eligibench.household import household

WORKER = {"annual_work_income": 30000, "works_outside_home": True}
KID = {"relation": "child", "age": 5, "dependent": True, "has_paid_caregiver": True}


def test_single_worker_with_young_child_in_paid_care_qualifies():  # clauses 1-3
    assert check(household(WORKER, KID))


def test_child_exactly_13_does_not_qualify():  # clause 1: under 13 (edge: exactly 13)
    assert not check(household(WORKER, dict(KID, age=13)))


def test_child_aged_12_qualifies():  # clause 1: under 13 (just below)
    assert check(household(WORKER, dict(KID, age=12)))


def test_child_without_paid_care_does_not_qualify():  # clause 1: pays someone for care
    assert not check(household(WORKER, dict(KID, has_paid_caregiver=False)))


def test_child_not_a_dependent_does_not_qualify():  # clause 1: your dependent
    assert not check(household(WORKER, dict(KID, dependent=False)))


def test_adult_dependent_who_cannot_care_for_self_qualifies():  # clause 1: adult dependent
    parent = {"relation": "friend", "age": 80, "dependent": True, "has_paid_caregiver": True, "can_care_for_self": False}
    assert check(household(WORKER, parent))


def test_adult_dependent_who_can_care_for_self_does_not_qualify():  # clause 1: adult dependent
    parent = {"relation": "friend", "age": 80, "dependent": True, "has_paid_caregiver": True}
    assert not check(household(WORKER, parent))


def test_dependent_aged_18_who_cannot_care_for_self_qualifies():  # clause 1: adult dependent (edge: exactly 18)
    assert check(household(WORKER, dict(KID, relation="sibling", age=18, can_care_for_self=False)))


def test_dependent_aged_17_who_cannot_care_for_self_does_not_qualify():  # clause 1: adult dependent (just below 18)
    assert not check(household(WORKER, dict(KID, relation="sibling", age=17, can_care_for_self=False)))


def test_dependent_aged_15_who_cannot_care_for_self_does_not_qualify():  # clause 1: neither under 13 nor adult
    teen = dict(KID, age=15, can_care_for_self=False)
    assert not check(household(WORKER, teen))


def test_spouse_who_cannot_care_for_self_qualifies():  # clause 1: spouse; clause 4 via disability
    spouse = {"relation": "spouse", "has_paid_caregiver": True, "can_care_for_self": False, "disabled": True}
    assert check(household(WORKER, spouse))


def test_dependent_not_living_with_filer_half_year_does_not_qualify():  # clause 2
    assert not check(household(WORKER, dict(KID, lived_together_last_6_months=False)))


def test_filer_without_work_income_does_not_qualify():  # clause 3
    assert not check(household({"works_outside_home": True, "annual_investment_income": 50000}, KID))


def test_joint_filer_spouse_without_work_income_does_not_qualify():  # clause 3: spouse when filing jointly
    me = dict(WORKER, filing_jointly=True)
    spouse = {"relation": "spouse", "works_outside_home": True}
    assert not check(household(me, spouse, KID))


def test_joint_filers_both_working_qualify():  # clauses 3 and 4: both work outside
    me = dict(WORKER, filing_jointly=True)
    spouse = {"relation": "spouse", "works_outside_home": True, "annual_work_income": 20000}
    assert check(household(me, spouse, KID))


def test_married_spouse_at_home_without_reason_does_not_qualify():  # clause 4
    spouse = {"relation": "spouse"}
    assert not check(household(WORKER, spouse, KID))


def test_married_spouse_student_qualifies():  # clause 4: full-time student
    spouse = {"relation": "spouse", "enrolled_in_educational_training": True}
    assert check(household(WORKER, spouse, KID))


def test_married_spouse_looking_for_work_qualifies():  # clause 4: looking for work
    spouse = {"relation": "spouse", "days_looking_for_work": 10}
    assert check(household(WORKER, spouse, KID))


def test_married_filer_at_home_student_with_working_spouse_qualifies():  # clause 4: other way round
    me = {"annual_work_income": 5000, "enrolled_in_educational_training": True}
    spouse = {"relation": "spouse", "works_outside_home": True, "annual_work_income": 40000}
    assert check(household(me, spouse, KID))


def test_no_dependent_in_household_does_not_qualify():  # no relevant member
    assert not check(household(WORKER, {"relation": "sibling", "age": 30}))


def test_married_spouse_in_college_qualifies():  # clause 4: full-time student = a current school level
    spouse = {"relation": "spouse", "current_school_level": "college"}
    assert check(household(WORKER, spouse, KID))


@pytest.mark.parametrize("flag", ["blind", "deaf_or_hearing_loss", "developmental_condition"])
def test_spouse_with_any_kind_of_disability_counts(flag):  # clause 4: has a disability (issue 30)
    spouse = {"relation": "spouse", "has_paid_caregiver": True, "can_care_for_self": False}
    assert not check(household(WORKER, spouse))
    assert check(household(WORKER, dict(spouse, **{flag: True})))
