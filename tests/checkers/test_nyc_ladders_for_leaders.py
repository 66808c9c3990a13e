from checkers.nyc_ladders_for_leaders import check
from eligibench.household import household

BASE = {"age": 19, "current_school_level": "college", "work_or_volunteer_experience": True, "gpa": 3.5}


def student(**changes):
    return {**BASE, **changes}


def test_college_student_with_experience_and_gpa_qualifies():  # all clauses met
    assert check(household(student()))


def test_high_school_student_qualifies():  # clause: enrolled in high school
    assert check(household(student(age=17, current_school_level=11)))


def test_not_enrolled_does_not_qualify():  # clause: enrolled in high school or college
    assert not check(household(student(current_school_level="none")))


def test_grade_8_does_not_qualify():  # clause: enrolled in high school or college
    assert not check(household(student(age=16, current_school_level=8)))


def test_living_outside_nyc_does_not_qualify():  # clause: lives in NYC
    assert not check(household(student(place_of_residence="Jersey")))


def test_age_16_qualifies():  # clause: age 16 to 22 (edge: exactly 16)
    assert check(household(student(age=16, current_school_level=11)))


def test_age_15_does_not_qualify():  # clause: age 16 to 22 (just below)
    assert not check(household(student(age=15, current_school_level=10)))


def test_age_22_qualifies():  # clause: age 16 to 22 (edge: exactly 22)
    assert check(household(student(age=22)))


def test_age_23_does_not_qualify():  # clause: age 16 to 22 (just above)
    assert not check(household(student(age=23)))


def test_no_experience_does_not_qualify():  # clause: previous work or volunteer experience
    assert not check(household(student(work_or_volunteer_experience=False)))


def test_paid_work_experience_only_qualifies():  # clause: previous work experience
    assert check(household(student(work_or_volunteer_experience=False, work_experience=True)))


def test_gpa_exactly_3_qualifies():  # clause: GPA 3.0 or higher (edge: exactly at)
    assert check(household(student(gpa=3.0)))


def test_gpa_just_below_3_does_not_qualify():  # clause: GPA 3.0 or higher (just below)
    assert not check(household(student(gpa=2.99)))


def test_qualifies_through_a_child_member():  # individual scope: through a child
    hh = household({"age": 48}, student(relation="child", age=17, current_school_level=12))
    assert check(hh)


def test_household_with_no_student_does_not_qualify():  # no relevant member
    hh = household({"age": 48, "work_experience": True, "gpa": 3.8}, {"relation": "child", "age": 10, "current_school_level": 5})
    assert not check(hh)
