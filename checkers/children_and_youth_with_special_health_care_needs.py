"""Children and Youth with Special Health Care Needs.

Readings of ambiguous requirements:
- "Children" are any members aged 21 or younger (21 included), whatever their relation.
- "Live in New York City" means place_of_residence is "New York City".
- Conditions: chronic_health_condition, mental_health_condition, disabled, developmental_condition, emotional_behavioral_condition.
- "Diagnosed with or may have" a condition means the condition's feature is true.
- Not modelled: "need extra health care and assistance", taken to follow from having a condition.
"""
from checkers._common import NYC, NYC_ONLY_HOUSING
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
    if m.disabled:
        return True
    if m.developmental_condition:
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
