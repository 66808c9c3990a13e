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
# ruff: noqa: F821  (the twin's helpers and constants: share_rules, below, defines them here)
from checkers.editions.variant import share_rules
from checkers.facts import medicaid_eligible
from eligibench.household import Member

# Shares the rules of checkers/child_health_plus_and_childrens_medicaid.py (NYC residence, any
# child); the 2026-08 row is Child Health Plus alone: qualifying for Medicaid keeps a child out, and
# the age is written "18 or under", so member_qualifies is replaced (the twin's AGE_LIMIT goes with it).
TWIN = "checkers.child_health_plus_and_childrens_medicaid"
ID = "ChildHealthPlusAndChildrensMedicaid"
MAX_AGE = 18  # 18 years of age or under


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


share_rules(globals())
