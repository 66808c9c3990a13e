from checkers.high_school import check
from eligibench.household import household


def test_eighth_grader_qualifies():  # clause: 8th grade, through a child member
    assert check(household({}, {"relation": "child", "age": 13, "current_school_level": 8}))


def test_ninth_grader_qualifies():  # clause: 9th grade
    assert check(household({}, {"relation": "child", "age": 14, "current_school_level": 9}))


def test_seventh_grader_fails():  # clause: grade (just below)
    assert not check(household({}, {"relation": "child", "age": 12, "current_school_level": 7}))


def test_tenth_grader_fails():  # clause: grade (just above)
    assert not check(household({}, {"relation": "child", "age": 15, "current_school_level": 10}))


def test_eighth_grader_outside_nyc_fails():  # clause: NYC resident
    assert not check(household({}, {"relation": "child", "age": 13, "current_school_level": 8, "place_of_residence": "Jersey"}))


def test_self_student_in_temporary_housing_qualifies():  # clause: grade; welcome list (temporary housing)
    assert check(household({"age": 14, "current_school_level": 9, "housing_type": "DHS shelter"}))


def test_household_without_students_fails():  # no relevant member
    assert not check(household({"age": 35}, {"relation": "spouse", "age": 35}))
