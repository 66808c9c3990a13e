import pytest

from checkers.editions.e2026_08.nyc_ferry_discount import check
from eligibench.household import household


def test_age_65_edge():  # clause: 65 or older
    assert check(household({"age": 65}))
    assert not check(household({"age": 64}))


@pytest.mark.parametrize("flag", ["disabled", "blind", "wheelchair", "bedridden"])
def test_a_disability_qualifies(flag):  # clause: a person with a disability
    assert check(household({"age": 30, flag: True}))


def test_every_disability_flag_counts():  # issue 30 decided: "a person with a disability" is disability (any)
    # hearing loss alone and a serious developmental condition now count, as in the MTA Reduced-Fare
    for flag in ("disabled", "blind", "deaf_or_hearing_loss", "developmental_condition", "wheelchair", "bedridden"):
        assert check(household({"age": 30, flag: True}))
    assert not check(household({"age": 30}))


@pytest.mark.parametrize("grade,ok", [(8, False), (9, True), (12, True), ("college", False)])
def test_nyc_high_school_student_grades(grade, ok):  # clause: NYC high school student (grades 9-12)
    kid = {"relation": "child", "age": 17 if grade != 8 else 13, "current_school_level": grade}
    assert check(household({"age": 45}, kid)) is ok


def test_high_school_student_outside_nyc_fails():  # clause: NYC
    kid = {"relation": "child", "age": 15, "current_school_level": 10, "place_of_residence": "Jersey"}
    assert not check(household({"age": 45, "place_of_residence": "Jersey"}, kid))


def test_fair_fares_participant():  # clause: Fair Fares NYC participant
    assert check(household({"age": 30, "fair_fares_participant": True}))
