from checkers.stem_matters_nyc import check
from eligibench.household import household


def test_kindergartner_entering_grade_1_qualifies():  # clause: entering grades 1-12 (lower edge: now in K)
    assert check(household({"age": 35}, {"relation": "child", "age": 5, "current_school_level": "k"}))


def test_pre_k_child_does_not_qualify():  # clause: entering grades 1-12 (just below: entering K)
    assert not check(household({"age": 35}, {"relation": "child", "age": 4, "current_school_level": "pk"}))


def test_grade_11_student_entering_12_qualifies():  # clause: entering grades 1-12 (upper edge: now in 11)
    assert check(household({"age": 16, "current_school_level": 11}))


def test_grade_12_student_does_not_qualify():  # clause: entering grades 1-12 (just above: graduating)
    assert not check(household({"age": 17, "current_school_level": 12}))


def test_grade_6_student_qualifies():  # clause: entering grades 1-12 (middle)
    assert check(household({"age": 40}, {"relation": "stepchild", "age": 11, "current_school_level": 6}))


def test_student_living_outside_nyc_does_not_qualify():  # clause: NYC school
    hh = household({"age": 40, "place_of_residence": "Jersey"},
                   {"relation": "child", "age": 11, "current_school_level": 6, "place_of_residence": "Jersey"})
    assert not check(hh)


def test_household_with_no_student_does_not_qualify():  # no relevant member
    assert not check(household({"age": 40}, {"relation": "spouse", "age": 41, "current_school_level": "college"}))
