"""Family Resource Centers.

Readings of ambiguous requirements:
- The parent or caregiver is the person answering for the household (relation "self").
- "Parent" covers a member whose relation is child, stepchild, foster child or adopted child.
- "Caregiver" covers a grandchild, sibling or niece or nephew when the answering person is responsible_for_day_to_day.
- "0 to 24 years old" includes ages 0 and 24.
- "Emotional, behavioral or mental health challenges" means emotional_behavioral_condition or mental_health_condition.
- not modelled: a child who is only at risk of such challenges (no feature holds the risk).

Implied conditions (not stated in the source text):
- none
"""
from checkers._common import CHILD_RELATIONS
from eligibench.household import Household, Member

ID = "FamilyResourceCenters"
CARED_FOR_RELATIONS = ("grandchild", "sibling", "niece or nephew")


def is_parent_or_caregiver_of(hh: Household, m: Member) -> bool:
    if m.relation in CHILD_RELATIONS:
        return True
    if m.relation not in CARED_FOR_RELATIONS:
        return False
    if hh.self_member.responsible_for_day_to_day:
        return True
    return False


def has_challenges(m: Member) -> bool:
    if m.emotional_behavioral_condition:
        return True
    if m.mental_health_condition:
        return True
    return False


def child_qualifies(hh: Household, m: Member) -> bool:
    if not is_parent_or_caregiver_of(hh, m):
        return False
    if m.age > 24:
        return False
    if not has_challenges(m):
        return False
    return True


def check(hh: Household) -> bool:
    for m in hh.members:
        if child_qualifies(hh, m):
            return True
    return False
