"""Veterans' Property Tax Exemption.

Readings of ambiguous requirements:
- "Deeded owner" is read from is_property_owner.
- "Spouse of the property owner" means the person answering when a spouse member owns, or a spouse member when the person answering owns.
- "Surviving un-remarried widow/widower of the property owner" is read from propery_owner_widow; not modelled: that they have not remarried (left out of the requirements).
- "Property is your primary residence" is read from the person's own primary_residence.
- "Served during one of the listed conflicts" is read from conflict_veteran.

Implied conditions (not stated in the source text):
- none
"""
from eligibench.household import Household, Member

ID = "VeteransPropertyTaxExemption"


def spouse_owns(m: Member, hh: Household) -> bool:
    if m.relation == "self":
        for other in hh.members:
            if other.relation != "spouse":
                continue
            if other.is_property_owner:
                return True
        return False
    if m.relation == "spouse":
        if hh.self_member.is_property_owner:
            return True
    return False


def owner_or_spouse(m: Member, hh: Household) -> bool:
    if m.is_property_owner:
        return True
    if m.propery_owner_widow:
        return True
    if spouse_owns(m, hh):
        return True
    return False


def member_qualifies(m: Member, hh: Household) -> bool:
    if not owner_or_spouse(m, hh):
        return False
    if not m.primary_residence:
        return False
    if not m.conflict_veteran:
        return False
    return True


def check(hh: Household) -> bool:
    for m in hh.members:
        if member_qualifies(m, hh):
            return True
    return False
