from checkers.accelerated_study_in_associate_programs import check
from eligibench.household import household

BASE = {"age": 18, "accepted_to_cuny": True, "proficient_in_math": True, "gpa": 3.0}


def student(**changes):
    return {**BASE, **changes}


def test_accepted_proficient_student_qualifies():  # all clauses met
    assert check(household(student()))


def test_not_accepted_does_not_qualify():  # clause: accepted to CUNY
    assert not check(household(student(accepted_to_cuny=False)))


def test_outside_nyc_with_in_state_tuition_qualifies():  # clause: NYC resident or in-state tuition
    assert check(household(student(place_of_residence="Jersey", eligible_for_instate_tuition=True)))


def test_nyc_resident_without_in_state_tuition_qualifies():  # clause: NYC resident or in-state tuition
    assert check(household(student(eligible_for_instate_tuition=False)))


def test_outside_nyc_without_in_state_tuition_does_not_qualify():  # clause: NYC resident or in-state tuition
    assert not check(household(student(place_of_residence="Jersey", eligible_for_instate_tuition=False)))


def test_proficient_in_english_only_qualifies():  # clause: proficient in math and/or English
    assert check(household(student(proficient_in_math=False, proficient_in_english_reading_and_writing=True)))


def test_not_proficient_in_either_does_not_qualify():  # clause: proficient in math and/or English
    assert not check(household(student(proficient_in_math=False)))


def test_15_credits_qualifies():  # clause: at most 15 credits (edge: exactly 15)
    assert check(household(student(college_credits=15)))


def test_14_credits_qualifies():  # clause: at most 15 credits (just below)
    assert check(household(student(college_credits=14)))


def test_16_credits_does_not_qualify():  # clause: at most 15 credits (just above)
    assert not check(household(student(college_credits=16)))


def test_gpa_exactly_2_qualifies():  # clause: GPA 2.0 or higher (edge: exactly at)
    assert check(household(student(gpa=2.0)))


def test_gpa_just_below_2_does_not_qualify():  # clause: GPA 2.0 or higher (just below)
    assert not check(household(student(gpa=1.99)))


def test_qualifies_through_a_child_member():  # individual scope: through a child
    assert check(household({"age": 50}, student(relation="child")))


def test_household_with_no_accepted_student_does_not_qualify():  # no relevant member
    assert not check(household({"age": 50, "proficient_in_math": True, "gpa": 3.5}, {"relation": "child", "age": 12}))
