from checkers.cuny_start import check
from eligibench.household import household

BASE = {"age": 19, "accepted_to_cuny": True, "proficient_in_math": True,
        "proficient_in_english_reading_and_writing": True}


def student(**changes):
    return {**BASE, **changes}


def test_needs_math_support_qualifies():  # clause: needs extra support (math)
    assert check(household(student(proficient_in_math=False)))


def test_needs_english_support_qualifies():  # clause: needs extra support (English)
    assert check(household(student(proficient_in_english_reading_and_writing=False)))


def test_proficient_in_both_does_not_qualify():  # clause: needs extra support
    assert not check(household(student()))


def test_no_diploma_does_not_qualify():  # clause: high school or equivalency diploma
    assert not check(household(student(proficient_in_math=False, high_school_equivalent="no high school diploma equivalent")))


def test_ged_qualifies():  # clause: high school or equivalency diploma (GED)
    assert check(household(student(proficient_in_math=False, high_school_equivalent="GED")))


def test_not_accepted_to_cuny_does_not_qualify():  # clause: accepted offer to CUNY
    assert not check(household(student(proficient_in_math=False, accepted_to_cuny=False)))


def test_qualifies_through_a_spouse():  # individual scope: through a non-self member
    hh = household({"age": 30}, student(relation="spouse", age=28, proficient_in_english_reading_and_writing=False))
    assert check(hh)


def test_household_with_no_accepted_student_does_not_qualify():  # no relevant member
    assert not check(household({"age": 30}, {"relation": "child", "age": 6}))
