"""Adult Protective Services (APS).

Readings of ambiguous requirements:
- "18 or older" includes a member who is exactly 18.
- "A physical or mental disability" is read from the derived fact disability (any): disabled, developmental_condition, blind or deaf_or_hearing_loss. Changed in issue 30: only disabled was read, although blindness, deafness and a serious developmental condition are disabilities, so a member with only one of those flags got the other verdict.
- "Unable to manage resources, daily activities or own safety without help" means can_manage_self is false.
- "No one else willing and able to help responsibly" means has_family_to_help is false.

Implied conditions (not stated in the source text):
- none
"""
from checkers.facts import disability
from eligibench.household import Household, Member

ID = "AdultProtectiveServices"


def member_qualifies(m: Member) -> bool:
    if m.age < 18:
        return False
    if not disability(m, "any"):
        return False
    if m.can_manage_self:
        return False
    if m.has_family_to_help:
        return False
    return True


def check(hh: Household) -> bool:
    for m in hh.members:
        if member_qualifies(m):
            return True
    return False
