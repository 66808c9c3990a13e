from checkers.editions.e2026_08.nyc_youth_leadership_councils import check
from eligibench.household import household


def test_age_14_in_grade_9_qualifies_through_a_non_self_member():  # clauses: 14-21 (edge), high school
    assert check(household({"age": 45}, {"relation": "child", "age": 14, "current_school_level": 9}))


def test_ages_13_and_22_fail():  # clause: 14 to 21 (just outside both ends)
    assert not check(household({"age": 45}, {"relation": "child", "age": 13, "current_school_level": 9}))
    assert not check(household({"age": 22, "current_school_level": 12}))


def test_age_21_in_an_equivalency_program_qualifies():  # clause: equivalency program (upper edge)
    assert check(household({"age": 21, "high_school_equivalent": "no high school diploma equivalent",
                            "enrolled_in_educational_training": True}))


def test_enrolled_but_already_with_a_diploma_fails():  # clause: equivalency only without a diploma
    assert not check(household({"age": 19, "high_school_equivalent": "high school diploma",
                                "enrolled_in_educational_training": True}))


def test_not_in_school_fails():  # clause: enrolled in high school or equivalency
    assert not check(household({"age": 17, "high_school_equivalent": "no high school diploma equivalent"}))
