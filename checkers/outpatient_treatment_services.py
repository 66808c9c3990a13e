"""Outpatient Treatment Services: mental health clinic and day treatment for children.

Readings of ambiguous requirements:
- "Children" are any members in the age range, whatever their relation; "birth to age 18" includes 18.
- Both clinic conditions are required: age 18 or younger, and emotional_behavioral_condition or mental_health_condition.
- Day treatment serves only children who also meet the clinic conditions; "serious difficulties in a regular classroom" is not modelled.
- Not modelled: some clinics not accepting children under 5.
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
