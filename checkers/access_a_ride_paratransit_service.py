"""Access-A-Ride Paratransit Service (AAR).

Readings of ambiguous requirements:
- "Prevents using accessible buses or subways for some or all trips" means can_access_subway_or_bus is false.
- Recovering from surgery, a long-term condition and a serious emotional or behavioral, or mental health condition are read as further causes, besides a disability, of not being able to use accessible buses or subways (ADA paratransit covers cognitive and psychiatric disability): a disability is the derived fact disability (any): disabled, developmental_condition, blind or deaf_or_hearing_loss; or recovering_from_surgery, chronic_health_condition, emotional_behavioral_condition or mental_health_condition. Changed in issue 30: blindness and deafness were not read as a disability.
- Using a wheelchair (wheelchair) or being bedridden (bedridden) is an ambulatory disability, read as a disability here as the MTA Reduced-Fare and NYC Ferry Discount checkers read it (issue 30): a transit text asks whether the person can get around, and a member who uses a wheelchair may not call it a disability. Decided in the second reading 2024 (reader-A), both editions (one shared rule): a wheelchair user who cannot use buses or subways, disabled false, was found not eligible. Not added to the derived fact disability (any), which other texts read as the plain word, nor a consistency rule: wheelchair use or being bedridden may be temporary (after surgery), which a transit text covers and "has a disability" elsewhere does not.
- Where the person lives is not tested (visitors to NYC also qualify).
- not modelled: whether the person's needs match the ADA (Americans with Disabilities Act) requirements, which the application assessment decides.

Implied conditions (not stated in the source text):
- none
"""
from checkers.facts import disability
from eligibench.household import Household, Member

ID = "AccessARideParatransitService"


def has_qualifying_cause(m: Member) -> bool:
    if disability(m, "any"):
        return True
    if m.wheelchair:
        return True  # an ambulatory disability, as MTA Reduced-Fare and NYC Ferry read it (second reading 2024)
    if m.bedridden:
        return True
    if m.recovering_from_surgery:
        return True
    if m.chronic_health_condition:
        return True
    if m.emotional_behavioral_condition:
        return True
    if m.mental_health_condition:
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
