from checkers.nyc_youth_leadership_councils import check
from eligibench.household import household

NO_DIPLOMA = "no high school diploma equivalent"


def test_high_school_student_qualifies():  # clause: enrolled in high school
    assert check(household({"age": 16, "current_school_level": 10}))


def test_age_14_qualifies():  # clause: age 14 to 21 (edge: exactly 14)
    assert check(household({"age": 14, "current_school_level": 9}))


def test_age_13_does_not_qualify():  # clause: age 14 to 21 (just below)
    assert not check(household({"age": 13, "current_school_level": 9}))


def test_age_21_qualifies():  # clause: age 14 to 21 (edge: exactly 21)
    assert check(household({"age": 21, "current_school_level": 12}))


def test_age_22_does_not_qualify():  # clause: age 14 to 21 (just above)
    assert not check(household({"age": 22, "current_school_level": 12}))


def test_middle_school_student_does_not_qualify():  # clause: enrolled in high school
    assert not check(household({"age": 14, "current_school_level": 8}))


def test_college_student_does_not_qualify():  # clause: enrolled in high school or equivalency
    assert not check(household({"age": 19, "current_school_level": "college"}))


def test_equivalency_program_student_qualifies():  # clause: equivalency program
    assert check(household({"age": 19, "high_school_equivalent": NO_DIPLOMA, "enrolled_in_educational_training": True}))


def test_no_diploma_not_enrolled_does_not_qualify():  # clause: equivalency program (not enrolled)
    assert not check(household({"age": 19, "high_school_equivalent": NO_DIPLOMA}))


def test_diploma_holder_in_education_program_does_not_qualify():  # clause: equivalency program (already has diploma)
    assert not check(household({"age": 19, "high_school_equivalent": "GED", "enrolled_in_educational_training": True}))


def test_qualifies_through_a_child_member():  # individual scope: through a child
    assert check(household({"age": 44}, {"relation": "child", "age": 15, "current_school_level": 10}))


def test_household_with_no_young_student_does_not_qualify():  # no relevant member
    assert not check(household({"age": 44}, {"relation": "child", "age": 11, "current_school_level": 6}))
