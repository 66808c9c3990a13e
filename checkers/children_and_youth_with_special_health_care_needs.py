"""Children and Youth with Special Health Care Needs.

Readings of ambiguous requirements:
- "Children" are any household members aged 21 or younger, whatever their relation; "21 or younger" includes age 21.
- "Live in New York City" is read from place_of_residence.
- "Serious or chronic health condition" is read as chronic_health_condition or mental_health_condition (a serious mental health condition); "physical disability" and "developmental condition" as the derived fact disability (any): disabled, developmental_condition, blind or deaf_or_hearing_loss; "emotional/behavioral condition" as emotional_behavioral_condition. Changed in issue 30: blindness and deafness (physical disabilities) were not read.
- "Diagnosed with or may have" a condition is read as the condition's feature being true.
- Not modelled: "need extra health care and assistance" (no feature records it); it is taken to follow from having one of the conditions.
- A member living in a DHS or HRA shelter or in NYCHA housing lives in New York City, whatever place_of_residence says.

Implied conditions (not stated in the source text):
- none
"""
from checkers._common import NYC, NYC_ONLY_HOUSING
from checkers.facts import disability
from eligibench.household import Household, Member

ID = "ChildrenAndYouthWithSpecialHealthCareNeeds"
MAX_AGE = 21


def lives_in_nyc(m: Member) -> bool:
    if m.housing_type in NYC_ONLY_HOUSING:
        return True
    if m.place_of_residence == NYC:
        return True
    return False


def has_condition(m: Member) -> bool:
    if m.chronic_health_condition:
        return True
    if m.mental_health_condition:
        return True
    if disability(m, "any"):
        return True
    if m.emotional_behavioral_condition:
        return True
    return False


def member_qualifies(m: Member) -> bool:
    if m.age > MAX_AGE:
        return False
    if not lives_in_nyc(m):
        return False
    if not has_condition(m):
        return False
    return True


def check(hh: Household) -> bool:
    for m in hh.members:
        if member_qualifies(m):
            return True
    return False
