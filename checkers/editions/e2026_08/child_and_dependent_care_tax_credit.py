"""Child and Dependent Care Tax Credit.

Readings of ambiguous requirements:
- The 2026 text opens with "To claim the federal Child Tax Credit", a slip of the source: the row and every requirement are about the Child and Dependent Care Credit.
- "You" is the person answering, who files the tax return; "married" means a spouse lives in the household; "filing a joint return" is read from the person answering's filing_jointly.
- "Filing as single, head of household, qualifying surviving spouse, or married filing jointly" excludes married filing separately: a spouse lives in the household and the person answering does not file jointly.
- "A child under age 13 who you claim as a dependent" is a member who is the tax dependent of the person answering (dependent) and is 12 or younger (current age).
- "Your spouse or dependent of any age who can't care for themselves due to a physical or mental disability" is the spouse, or a tax dependent of any age, who cannot physically and mentally care for themselves (can_care_for_self false); the 2024 text said "adult dependent", so a dependent aged 13 to 17 who cannot care for themselves now counts.
- "Lives with you for more than half the year" is read from lived_together_last_6_months and applied to every qualifying person, as in the 2024 text (a child claimed as a dependent has also lived with the filer for more than half the year).
- "Paid for care" is read from that person having a paid caregiver; "so you could work" is covered by the earned-income condition and not modelled separately; identifying the care provider on the return is paperwork and not modelled.
- "Earned income" means yearly income from work above $0 (investment income does not count).
- The 2024 work test for married couples (both work outside the home, or one works and the other is a student, disabled or looking for work) is not in the 2026 text and is no longer tested.
- The New York State credit "works the same way as the federal credit" and the additional NYC credit requires qualifying for the state credit, so neither adds anyone to the households the federal credit admits; they are not tested separately.

Implied conditions (not stated in the source text):
- none
"""
from eligibench.household import Household, Member

ID = "ChildAndDependentCareTaxCredit"
CHILD_AGE_BELOW = 13


def is_qualifying_person(m: Member) -> bool:
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
    if m.age < CHILD_AGE_BELOW:
        return True
    if not m.can_care_for_self:
        return True
    return False


def has_qualifying_person(hh: Household) -> bool:
    for m in hh.members:
        if is_qualifying_person(m):
            return True
    return False


def check(hh: Household) -> bool:
    me = hh.self_member
    if me.annual_work_income <= 0:
        return False
    if not has_qualifying_person(hh):
        return False
    for m in hh.members:
        if m.relation != "spouse":
            continue
        # married: filing separately is not an allowed filing status
        if not me.filing_jointly:
            return False
        if m.annual_work_income <= 0:
            return False
    return True
