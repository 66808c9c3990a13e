"""MTA Reduced-Fare Program.

Readings of ambiguous requirements:
- "65 or older" is read from current age and includes 65.
- "Receive Medicare benefits for any reason other than age" is receives_medicare for a member under 65 (Medicare before 65 is never for age).
- "Have a serious mental illness and receive SSI" is mental_health_condition together with receives_ssi.
- "Have blindness" is blind; "have deafness or hearing loss" is deaf_or_hearing_loss.
- "An ambulatory, cognitive, or other physical disability" is disabled, or using a wheelchair, or being bedridden (ambulatory disabilities a member may not call a disability).

Implied conditions (not stated in the source text):
- none
"""
from eligibench.household import Household, Member

ID = "MTAReducedFare"
MIN_AGE = 65


def has_listed_disability(m: Member) -> bool:
    if m.disabled:
        return True
    if m.wheelchair:
        return True
    if m.bedridden:
        return True
    return False


def member_qualifies(m: Member) -> bool:
    if m.age >= MIN_AGE:
        return True
    # under 65 here: Medicare is for a reason other than age
    if m.receives_medicare:
        return True
    if m.mental_health_condition:
        if m.receives_ssi:
            return True
    if m.blind:
        return True
    if m.deaf_or_hearing_loss:
        return True
    if has_listed_disability(m):
        return True
    return False


def check(hh: Household) -> bool:
    for m in hh.members:
        if member_qualifies(m):
            return True
    return False
