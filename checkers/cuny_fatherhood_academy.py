"""CUNY Fatherhood Academy: high school equivalency and college prep for young fathers.

Readings of ambiguous requirements:
- "Live in New York City" is read from place_of_residence being New York City.
- "A father" means a male member who is a parent (is_parent).
- "An expecting father" means a male member whose partner in the household is pregnant: the answering person (self) whose spouse is pregnant, or a spouse when the answering person is pregnant.
- "Between 18 and 30 years old" includes ages 18 and 30.
- The high school equivalency track is for members without a high school diploma or equivalency (high_school_equivalent is "no high school diploma equivalent").
- "High school diploma, HSE diploma, or GED" means high_school_equivalent is any of those three.
- "Less than 12 college credits" means 11 or fewer; "not enrolled in college" means current_school_level is not college.
- not modelled: committing to a 16-week program three days a week.
- A member qualifies for the academy when they qualify for either track.
- A member living in a DHS or HRA shelter or in NYCHA housing lives in New York City, whatever place_of_residence says.

Implied conditions (not stated in the source text):
- none
"""
from checkers._common import NYC, NYC_ONLY_HOUSING
from eligibench.household import Household, Member

ID = "CUNYFatherhoodAcademy"

NO_DIPLOMA = "no high school diploma equivalent"


def lives_in_nyc(m: Member) -> bool:
    if m.housing_type in NYC_ONLY_HOUSING:
        return True
    if m.place_of_residence == NYC:
        return True
    return False


def partner_is_pregnant(hh: Household, m: Member) -> bool:
    if m.relation == "self":
        for other in hh.members:
            if other.relation == "spouse":
                if other.months_pregnant > 0:
                    return True
        return False
    if m.relation == "spouse":
        if hh.self_member.months_pregnant > 0:
            return True
    return False


def father_or_expecting(hh: Household, m: Member) -> bool:
    if m.sex != "male":
        return False
    if m.is_parent:
        return True
    if partner_is_pregnant(hh, m):
        return True
    return False


def college_prep_track(m: Member) -> bool:
    if m.high_school_equivalent == NO_DIPLOMA:
        return False
    if m.college_credits >= 12:
        return False
    if m.current_school_level == "college":
        return False
    return True


def member_qualifies(hh: Household, m: Member) -> bool:
    if not lives_in_nyc(m):
        return False
    if not father_or_expecting(hh, m):
        return False
    if m.age < 18:
        return False
    if m.age > 30:
        return False
    if m.high_school_equivalent == NO_DIPLOMA:
        return True  # high school equivalency track
    if college_prep_track(m):
        return True
    return False


def check(hh: Household) -> bool:
    for m in hh.members:
        if member_qualifies(hh, m):
            return True
    return False
