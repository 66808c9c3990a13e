from checkers.comprehensive_after_school_system_of_nyc import check
from eligibench.household import household


def test_kindergartner_qualifies():  # clause: K-12 (lower edge), through a child member
    assert check(household({}, {"relation": "child", "age": 5, "current_school_level": "k"}))


def test_pre_k_fails():  # clause: K-12 (just below)
    assert not check(household({}, {"relation": "child", "age": 4, "current_school_level": "pk"}))


def test_twelfth_grader_qualifies():  # clause: K-12 (upper edge)
    assert check(household({"age": 17, "current_school_level": 12}))


def test_college_student_fails():  # clause: K-12 (just above)
    assert not check(household({"age": 19, "current_school_level": "college"}))


def test_student_outside_nyc_fails():  # clause: lives in NYC
    assert not check(household({}, {"relation": "child", "age": 8, "current_school_level": 3, "place_of_residence": "Jersey"}))


def test_household_without_students_fails():  # no relevant member
    assert not check(household({"age": 40}, {"relation": "spouse", "age": 41}))
