"""We Speak NYC.

Readings of ambiguous requirements:
- "Anyone can sign up; classes are made for learners ages 16 and above" is read as: anyone aged 16 or older qualifies (16 included).
- English level is not tested: the classes are made for intermediate English learners, but anyone may sign up.

Implied conditions (not stated in the source text):
- none
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
