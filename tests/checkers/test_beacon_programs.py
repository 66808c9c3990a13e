from checkers.beacon_programs import check
from eligibench.household import household

YOUNG_ADULT = {"age": 21}


def test_student_aged_5_qualifies():  # clause: youth ages 5-21 in school (lower edge), via child
    assert check(household(YOUNG_ADULT, {"relation": "child", "age": 5, "current_school_level": "k"}))


def test_child_aged_4_in_pre_k_fails():  # clause: youth ages 5-21 (just below)
    assert not check(household(YOUNG_ADULT, {"relation": "child", "age": 4, "current_school_level": "pk"}))


def test_student_aged_21_qualifies():  # clause: youth ages 5-21 in school (upper edge)
    assert check(household({"age": 21, "current_school_level": "college"}))


def test_aged_21_not_in_school_fails():  # clause: enrolled in school
    assert not check(household({"age": 21, "current_school_level": "none"}))


def test_child_not_in_school_fails():  # clause: enrolled in school (youth)
    assert not check(household(YOUNG_ADULT, {"relation": "child", "age": 10, "current_school_level": "none"}))


def test_adult_aged_22_qualifies():  # clause: older than 21 (just above)
    assert check(household({"age": 22}))


def test_household_of_21_year_old_and_toddler_fails():  # no relevant member
    assert not check(household(YOUNG_ADULT, {"relation": "child", "age": 2}))
