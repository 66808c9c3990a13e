"""Child Health Plus and Children's Medicaid: health insurance for children.

Readings of ambiguous requirements:
- "Your child" is any household member under 19, whatever their relation.
- "A resident of New York State" is read as living in New York City (place_of_residence), the only New York location the features record.
- A child qualifies for either program: "not covered by other health insurance" applies to Child Health Plus only (health_insurance is false), while Children's Medicaid is read from the derived fact medicaid_eligible: eligible_for_medicaid, or receiving Medicaid of any kind (receives_medicaid or receives_disability_medicaid; receiving a benefit implies being eligible for it). Changed in issue 30: disability Medicaid was ignored, so an insured child on disability Medicaid was found not eligible for Children's Medicaid.
- Not modelled: the family income charts (not given in the source); Child Health Plus cost depends on income but has no income cutoff in the source.
- A member living in a DHS or HRA shelter or in NYCHA housing lives in New York City, whatever place_of_residence says.

Implied conditions (not stated in the source text):
- none
"""
from checkers._common import NYC, NYC_ONLY_HOUSING
from checkers.facts import medicaid_eligible
from eligibench.household import Household, Member

ID = "ChildHealthPlusAndChildrensMedicaid"
AGE_LIMIT = 19  # under 19


def lives_in_nyc(m: Member) -> bool:
    if m.housing_type in NYC_ONLY_HOUSING:
        return True
    if m.place_of_residence == NYC:
        return True
    return False


def member_qualifies(m: Member) -> bool:
    if m.age >= AGE_LIMIT:
        return False
    if not lives_in_nyc(m):
        return False
    if not m.health_insurance:
        return True  # Child Health Plus
    if medicaid_eligible(m):
        return True  # Children's Medicaid
    return False


def check(hh: Household) -> bool:
    for m in hh.members:
        if member_qualifies(m):
            return True
    return False
