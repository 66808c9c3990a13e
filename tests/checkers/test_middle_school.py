from checkers.middle_school import check
from eligibench.household import household


def test_fifth_grader_in_nyc_qualifies():  # clause: 5th grade (at), through a child member
    assert check(household({}, {"relation": "child", "age": 10, "current_school_level": 5}))


def test_fourth_grader_fails():  # clause: 5th grade (just below)
    assert not check(household({}, {"relation": "child", "age": 9, "current_school_level": 4}))


def test_sixth_grader_fails():  # clause: 5th grade (just above; transfers not covered)
    assert not check(household({}, {"relation": "child", "age": 11, "current_school_level": 6}))


def test_fifth_grader_outside_nyc_fails():  # clause: NYC resident
    assert not check(household({}, {"relation": "child", "age": 10, "current_school_level": 5, "place_of_residence": "Jersey"}))


def test_household_without_students_fails():  # no relevant member
    assert not check(household({"age": 35}, {"relation": "child", "age": 2}))
