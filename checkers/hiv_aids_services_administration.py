"""HIV/AIDS Services Administration (HASA).

Readings of ambiguous requirements:
- "Diagnosed with HIV or with AIDS, as defined by the CDC (Centers for Disease Control and Prevention)" is read from hiv_aids; having symptoms is not required.
- Where the person lives is not tested: the text states no residence, and a checker tests residence only where the citys text states it (docs/ground_truth.md, Decided readings (second reading, 2024)). HASA is an NYC HRA program, so a caseworker would serve only NYC residents; reading that in here alone would make HASA differ from the other NYC-agency programs whose texts also omit residence. Decided in the second reading 2024 (reader-A): a person with HIV living in New Jersey stays eligible, as the text reads.

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
