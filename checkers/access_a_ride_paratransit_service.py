"""Access-A-Ride Paratransit Service (AAR).

Readings of ambiguous requirements:
- "Prevents using accessible buses or subways for some or all trips" means can_access_subway_or_bus is false.
- Causes: disabled, recovering_from_surgery, chronic_health_condition (a long-term condition), and serious developmental_condition, emotional_behavioral_condition or mental_health_condition (ADA paratransit covers cognitive and psychiatric disability).
- Residence is not tested (visitors to NYC qualify).
- Not modelled: whether the person's needs match the ADA requirements (decided by the assessment).
"""
from eligibench.household import Household, Member

ID = "AccessARideParatransitService"


def has_qualifying_cause(m: Member) -> bool:
    if m.disabled:
        return True
    if m.recovering_from_surgery:
        return True
    if m.chronic_health_condition:
        return True
    if m.developmental_condition:
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
