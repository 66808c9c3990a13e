from checkers.career_and_technical_education import check
from eligibench.household import household


def test_8th_grader_qualifies():  # clause: 8th grade
    assert check(household({"age": 42}, {"relation": "child", "age": 13, "current_school_level": 8}))


def test_9th_grader_qualifies():  # clause: first-time 9th grade
    assert check(household({"age": 14, "current_school_level": 9}))


def test_7th_grader_does_not_qualify():  # clause: 8th or 9th grade (just below)
    assert not check(household({"age": 42}, {"relation": "child", "age": 12, "current_school_level": 7}))


def test_10th_grader_does_not_qualify():  # clause: 8th or 9th grade (just above)
    assert not check(household({"age": 15, "current_school_level": 10}))


def test_8th_grader_outside_nyc_does_not_qualify():  # clause: NYC resident
    hh = household({"age": 42, "place_of_residence": "Jersey"},
                   {"relation": "child", "age": 13, "current_school_level": 8, "place_of_residence": "Jersey"})
    assert not check(hh)


def test_qualifies_through_a_foster_child():  # individual scope: through a non-self member
    hh = household({"age": 50}, {"relation": "foster child", "age": 14, "current_school_level": 9})
    assert check(hh)


def test_household_with_no_student_does_not_qualify():  # no relevant member
    assert not check(household({"age": 42}, {"relation": "child", "age": 3, "current_school_level": "pk"}))
