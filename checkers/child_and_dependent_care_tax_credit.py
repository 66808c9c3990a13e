"""Child and Dependent Care Tax Credit.

Readings of ambiguous requirements:
- "You" is the person answering, who files the tax return; "married" means a spouse lives in the household; "filing a joint return" is read from the person answering's filing_jointly.
- "Your dependent" is a member who is the tax dependent of the person answering (dependent); the spouse counts without being a dependent.
- "Paid someone to care for" the dependent is read from that dependent having a paid caregiver.
- "Under age 13 at the time of care" is read from current age: 12 or younger.
- "Adult dependent" means a tax dependent aged 18 or older.
- "Lived with you for more than half of the last tax year" is read from lived_together_last_6_months.
- "Earned income" means yearly income from work above $0 (investment income does not count).
- "Full-time student" is read as enrolled in an educational program or having a current school level (pre-K to college); full-time is not modelled; "looking for work" means days_looking_for_work above 0.
- "Has a disability" is read from the derived fact disability (any): disabled, developmental_condition, blind or deaf_or_hearing_loss. Changed in issue 30: only disabled was read, although blindness, deafness and a serious developmental condition are disabilities, so a member with only one of those flags got the other verdict.
- "So that you could work or look for work" is covered by the work conditions; the purpose of the care is not modelled separately.

Implied conditions (not stated in the source text):
- none
"""
from checkers.facts import disability
from eligibench.household import Household, Member

ID = "ChildAndDependentCareTaxCredit"


def is_qualifying_dependent(m: Member) -> bool:
    if m.relation == "self":
        return False
    if not m.has_paid_caregiver:
        return False
    if not m.lived_together_last_6_months:
        return False
    if m.relation == "spouse":
        if not m.can_care_for_self:
            return True
        return False
    if not m.dependent:
        return False
    if m.age < 13:
        return True
    if m.age < 18:
        return False
    if not m.can_care_for_self:
        return True
    return False


def can_stay_home(m: Member) -> bool:
    """The spouse not working outside the home is a student, disabled or looking for work."""
    if m.enrolled_in_educational_training:
        return True
    if m.current_school_level != "none":
        return True
    if disability(m, "any"):
        return True
    if m.days_looking_for_work > 0:
        return True
    return False


def couple_work_test(me: Member, spouse: Member) -> bool:
    if me.works_outside_home:
        if spouse.works_outside_home:
            return True
        if can_stay_home(spouse):
            return True
        return False
    if spouse.works_outside_home:
        if can_stay_home(me):
            return True
    return False


def check(hh: Household) -> bool:
    me = hh.self_member
    found = False
    for m in hh.members:
        if is_qualifying_dependent(m):
            found = True
    if not found:
        return False
    if me.annual_work_income <= 0:
        return False
    for m in hh.members:
        if m.relation != "spouse":
            continue
        if me.filing_jointly:
            if m.annual_work_income <= 0:
                return False
        if not couple_work_test(me, m):
            return False
    return True
