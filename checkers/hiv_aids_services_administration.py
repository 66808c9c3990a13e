"""HIV/AIDS Services Administration (HASA).

Readings of ambiguous requirements:
- "Diagnosed with HIV or with AIDS, as defined by the CDC (Centers for Disease Control and Prevention)" is read from hiv_aids; having symptoms is not required.

Implied conditions (not stated in the source text):
- none
"""
from eligibench.household import Household, Member

ID = "HIVAIDSServicesAdministration"


def member_qualifies(m: Member) -> bool:
    if m.hiv_aids:
        return True
    return False


def check(hh: Household) -> bool:
    for m in hh.members:
        if member_qualifies(m):
            return True
    return False
