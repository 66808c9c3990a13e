"""NYC Ferry Discount Program.

Readings of ambiguous requirements:
- "65 or older" is read from current age and includes 65.
- "A person with a disability" is the derived fact disability (any): disabled, developmental_condition, blind or deaf_or_hearing_loss; or using a wheelchair, or being bedridden. Decided in issue 30: hearing loss alone now counts (it counted only with a reported disability) and a serious developmental condition counts (it was not read): the plain word "disability" has one reading in every checker, the MTA Reduced-Fare text of the same edition lists "deafness or hearing loss" and "cognitive" disability among disabilities, and the schema does not tell mild hearing loss from deafness.
- "A NYC high school student" is a member in grade 9 to 12 who lives in New York City (the school's location is not modelled); a member living in a DHS or HRA shelter or in NYCHA housing lives in New York City, whatever place_of_residence says.
- "A Fair Fares NYC participant" is fair_fares_participant (enrolled, not merely eligible).

Implied conditions (not stated in the source text):
- none
"""
from checkers._common import NYC, NYC_ONLY_HOUSING
from checkers.facts import disability
from eligibench.household import Household, Member

ID = "NYCFerryDiscount"
MIN_AGE = 65
HIGH_SCHOOL_GRADES = (9, 10, 11, 12)


def lives_in_nyc(m: Member) -> bool:
    if m.housing_type in NYC_ONLY_HOUSING:
        return True
    if m.place_of_residence == NYC:
        return True
    return False


def has_disability(m: Member) -> bool:
    if disability(m, "any"):
        return True
    if m.wheelchair:
        return True
    if m.bedridden:
        return True
    return False


def member_qualifies(m: Member) -> bool:
    if m.age >= MIN_AGE:
        return True
    if has_disability(m):
        return True
    if m.current_school_level in HIGH_SCHOOL_GRADES:
        if lives_in_nyc(m):
            return True
    if m.fair_fares_participant:
        return True
    return False


def check(hh: Household) -> bool:
    for m in hh.members:
        if member_qualifies(m):
            return True
    return False
