"""We Speak NYC.

Readings of ambiguous requirements:
- "Anyone can sign up; classes are for learners ages 16 and above": anyone aged 16 or older qualifies.
- English level is not tested.
"""
from eligibench.household import Household, Member

ID = "WeSpeakNYC"


def member_qualifies(m: Member) -> bool:
    if m.age < 16:
        return False
    return True


def check(hh: Household) -> bool:
    for m in hh.members:
        if member_qualifies(m):
            return True
    return False
