"""Access-A-Ride Paratransit Service (AAR).

Readings of ambiguous requirements:
- "A disability that prevents you from using buses or subways for some or all of your trips" and "temporarily unable to use public transit" both mean can_access_subway_or_bus is false (the 2026 text says "buses or subways" where 2024 said "accessible buses or subways"; the feature asks about the buses and subways open to the person, so the reading does not change).
- The causes of not being able to use buses or subways are a disability (disabled) or, for the temporary case the source names, recovering from surgery (recovering_from_surgery) or managing a long-term condition (chronic_health_condition). A serious developmental, emotional or behavioral, or mental health condition is read as a disability (ADA paratransit covers cognitive and psychiatric disability): developmental_condition, emotional_behavioral_condition or mental_health_condition.
- Whether the inability is temporary or lasting is not tested: both qualify.
- Where the person lives is not tested ("looking for paratransit services while visiting NYC" is a qualifying case, so visitors also qualify).
- not modelled: whether the person's needs match the ADA (Americans with Disabilities Act) requirements, which the application assessment decides (it asks whether the person can go up or down subway stairs, travel to a station, get on, ride and exit a bus or subway, and navigate the system on their own).

Implied conditions (not stated in the source text):
- none
"""
from eligibench.household import Household, Member

ID = "AccessARideParatransitService"


def has_qualifying_cause(m: Member) -> bool:
    # a disability, serious developmental/emotional/mental conditions read as one
    if m.disabled:
        return True
    if m.developmental_condition:
        return True
    if m.emotional_behavioral_condition:
        return True
    if m.mental_health_condition:
        return True
    # "temporarily unable to use public transit": the two causes the 2026 text names
    if m.recovering_from_surgery:
        return True
    if m.chronic_health_condition:
        return True
    return False


def member_qualifies(m: Member) -> bool:
    if m.can_access_subway_or_bus:
        return False
    if not has_qualifying_cause(m):
        return False
    return True


def check(hh: Household) -> bool:
    for m in hh.members:
        if member_qualifies(m):
            return True
    return False
