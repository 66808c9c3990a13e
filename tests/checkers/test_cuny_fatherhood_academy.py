from checkers.cuny_fatherhood_academy import check
from eligibench.household import household

NO_DIPLOMA = "no high school diploma equivalent"
# A father with a diploma, few credits and not in college: the college prep track.
BASE = {"age": 24, "sex": "male", "is_parent": True}


def dad(**changes):
    return {**BASE, **changes}


def test_father_with_diploma_qualifies_for_college_prep():  # clause: college prep track
    assert check(household(dad()))


def test_father_without_diploma_qualifies_for_hse_track():  # clause: high school equivalency track
    assert check(household(dad(high_school_equivalent=NO_DIPLOMA, college_credits=30)))


def test_hse_track_ignores_enrollment():  # clause: HSE track has no college conditions
    assert check(household(dad(high_school_equivalent=NO_DIPLOMA, current_school_level=11)))


def test_living_outside_nyc_does_not_qualify():  # clause: lives in NYC
    assert not check(household(dad(place_of_residence="Jersey")))


def test_mother_does_not_qualify():  # clause: father
    assert not check(household(dad(sex="female")))


def test_man_who_is_not_a_father_does_not_qualify():  # clause: father or expecting father
    assert not check(household(dad(is_parent=False)))


def test_expecting_father_with_pregnant_spouse_qualifies():  # clause: expecting father (self)
    hh = household(dad(is_parent=False), {"relation": "spouse", "age": 23, "months_pregnant": 4})
    assert check(hh)


def test_spouse_expecting_father_qualifies():  # clause: expecting father (through a spouse member)
    hh = household({"age": 25, "months_pregnant": 6}, dad(relation="spouse", is_parent=False))
    assert check(hh)


def test_man_with_pregnant_sibling_does_not_qualify():  # clause: expecting father (partner only)
    hh = household(dad(is_parent=False), {"relation": "sibling", "age": 22, "months_pregnant": 4})
    assert not check(hh)


def test_age_18_qualifies():  # clause: age 18 to 30 (edge: exactly 18)
    assert check(household(dad(age=18)))


def test_age_17_does_not_qualify():  # clause: age 18 to 30 (just below)
    assert not check(household(dad(age=17, high_school_equivalent=NO_DIPLOMA)))


def test_age_30_qualifies():  # clause: age 18 to 30 (edge: exactly 30)
    assert check(household(dad(age=30)))


def test_age_31_does_not_qualify():  # clause: age 18 to 30 (just above)
    assert not check(household(dad(age=31, high_school_equivalent=NO_DIPLOMA)))


def test_11_credits_qualifies():  # clause: fewer than 12 credits (just below)
    assert check(household(dad(college_credits=11)))


def test_12_credits_does_not_qualify():  # clause: fewer than 12 credits (exactly at)
    assert not check(household(dad(college_credits=12)))


def test_enrolled_in_college_does_not_qualify():  # clause: not enrolled in college
    assert not check(household(dad(current_school_level="college")))


def test_hse_diploma_qualifies():  # clause: HS diploma, HSE diploma or GED
    assert check(household(dad(high_school_equivalent="HSE diploma")))


def test_household_with_no_father_does_not_qualify():  # no relevant member
    hh = household({"age": 28, "is_parent": True}, {"relation": "child", "age": 3})
    assert not check(hh)
