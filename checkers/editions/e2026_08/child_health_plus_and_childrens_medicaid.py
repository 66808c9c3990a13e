"""Child Health Plus: health insurance for children (Children's Medicaid left the row in 2026-08).

Readings of ambiguous requirements:
- The 2026-08 row (renamed from "Child Health Plus and Children's Medicaid") is Child Health Plus only: Children's Medicaid is no longer a way in, and qualifying for Medicaid now keeps a child out.
- "Children 18 years of age or under" is any household member aged 18 or younger, whatever their relation (the same ages as 2024's "under 19").
- "Live in New York State" is read as living in New York City (place_of_residence), the only New York location the features record.
- A member living in a DHS or HRA shelter or in NYCHA housing lives in New York City, whatever place_of_residence says.
- "Have no other health insurance coverage" means health_insurance is false.
- "Do not qualify for Medicaid" means the derived fact medicaid_eligible is false: not eligible_for_medicaid and not receiving Medicaid of any kind (receives_medicaid, receives_disability_medicaid; receiving a benefit implies qualifying for it). Changed in issue 30: disability Medicaid was ignored, so a disabled child on disability Medicaid with no other insurance was found eligible although the text excludes children who qualify for Medicaid; disability Medicaid is Medicaid.
- The income requirements only set a lower premium ("to qualify for lower premiums"), and the text says "regardless of income or immigration status": neither income nor immigration status is a condition.

Implied conditions (not stated in the source text):
- none
"""
from checkers._common import NYC, NYC_ONLY_HOUSING
from checkers.facts import medicaid_eligible
from eligibench.household import Household, Member

ID = "ChildHealthPlusAndChildrensMedicaid"
MAX_AGE = 18  # 18 years of age or under


def lives_in_nyc(m: Member) -> bool:
    if m.housing_type in NYC_ONLY_HOUSING:
        return True
    if m.place_of_residence == NYC:
        return True
    return False


def member_qualifies(m: Member) -> bool:
    if m.age > MAX_AGE:
        return False
    if not lives_in_nyc(m):
        return False
    if m.health_insurance:
        return False
    # Medicaid of any kind, received or qualified for (issue 30: a child on disability Medicaid was found eligible)
    if medicaid_eligible(m):
        return False
    return True


def check(hh: Household) -> bool:
    for m in hh.members:
        if member_qualifies(m):
            return True
    return False
