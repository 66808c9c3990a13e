"""MTA Reduced-Fare Program.

Readings of ambiguous requirements:
- "65 or older" is read from current age and includes 65.
- "Receive Medicare benefits for any reason other than age" is receives_medicare for a member under 65 (Medicare before 65 is never for age).
- "Have a serious mental illness and receive SSI" is mental_health_condition together with receives_ssi.
- "Have blindness", "have deafness or hearing loss" and "an ambulatory, cognitive, or other physical disability" are read together as the derived fact disability (any): disabled, developmental_condition (a cognitive disability), blind or deaf_or_hearing_loss; or using a wheelchair, or being bedridden (ambulatory disabilities a member may not call a disability). Decided in issue 30 (the same as the NYC Ferry Discount and every checker whose text says "disability"): the plain word reads every disability flag; a serious developmental condition was not read before.

Implied conditions (not stated in the source text):
- none
"""
from checkers.facts import disability
from eligibench.household import Household, Member

ID = "MTAReducedFare"
MIN_AGE = 65


def has_listed_disability(m: Member) -> bool:
    # blindness, deafness or hearing loss, and a cognitive (developmental) or other disability
    if disability(m, "any"):
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
    if has_listed_disability(m):
        return True
    return False


def check(hh: Household) -> bool:
    for m in hh.members:
        if member_qualifies(m):
            return True
    return False
