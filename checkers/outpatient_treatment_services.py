"""Outpatient Treatment Services: mental health clinic and day treatment for children.

Readings of ambiguous requirements:
- "Children" are any household members in the age range, whatever their relation; "birth to age 18" includes age 18.
- The clinic conditions are both required: age 18 or younger and an emotional, behavioral or mental health challenge (emotional_behavioral_condition or mental_health_condition).
- Day treatment (ages 3 to 18, a mental health disorder that seriously interferes with school or social life, serious difficulties in a regular classroom) serves only children who also meet the clinic conditions, so it adds no one; not modelled: "serious difficulties in a regular classroom".
- Not modelled: some clinics not accepting children under 5 (a limit of particular clinics, not of the program).

Implied conditions (not stated in the source text):
- none
"""
from eligibench.household import Household, Member

ID = "OutpatientTreatmentServices"
MAX_AGE = 18


def member_qualifies(m: Member) -> bool:
    if m.age > MAX_AGE:
        return False
    if m.emotional_behavioral_condition:
        return True
    if m.mental_health_condition:
        return True
    return False


def check(hh: Household) -> bool:
    for m in hh.members:
        if member_qualifies(m):
            return True
    return False
