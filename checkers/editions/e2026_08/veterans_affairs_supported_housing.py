"""Veterans Affairs Supported Housing (HUD-VASH).

Readings of ambiguous requirements:
- "You can qualify" is read as a firm verdict: a member who meets the conditions qualifies.
- "Served in the active military for any amount of time" and "do not have a dishonorable discharge or a discharge from a general court-martial" are met by a member with honorable_service (served, honorably discharged, DD-214) or with va_healthcare (eligible for VA health care, which the VA grants only after active military service without a dishonorable discharge).
- Receiving a VA disability pension or compensation (receives_va_disability) also shows the service: the VA pays both only to veterans discharged under conditions other than dishonorable. Decided in the second reading 2026-08 (reader-C found a homeless veteran on VA disability pay, with neither flag set, read as not eligible).
- not modelled: a discharge that is neither honorable nor dishonorable (general, other than honorable, bad conduct from a special court-martial) also meets the text, but the schema records only an honorable discharge; such a veteran counts here only when eligible for VA health care or paid a VA disability pension or compensation (a known gap of feature schema 1).
- The 2024 text also asked for VA health care eligibility, income "within the program guidelines" and willingness to receive VA case management; the 2026-08 text asks none of these, so VA health care eligibility is one way to show service, not a condition of its own.
- "Homeless" means the member's housing is homeless, a DHS (Department of Homeless Services) shelter, an HRA shelter, or temporary housing.
- Both conditions must hold for the same member.

Implied conditions (not stated in the source text):
- The veteran is homeless. Reason: The 2026-08 row names the program "Supportive housing for homeless veterans" (its plain-language name) and HUD-VASH houses homeless veterans; the 2024 text said "be homeless", and the 2026-08 eligibility text lists only the military conditions.
"""
# ruff: noqa: F821  (the twin's helpers and constants: share_rules, below, defines them here)
from checkers.editions.variant import share_rules
from eligibench.household import Member

# Shares the rules of checkers/veterans_affairs_supported_housing.py (homeless, any member); the
# 2026-08 text asks for service without a dishonorable discharge instead of VA health care, so
# member_qualifies is replaced (with the helper it calls).
TWIN = "checkers.veterans_affairs_supported_housing"
ID = "VeteransAffairsSupportedHousing"


def served_without_dishonorable_discharge(m: Member) -> bool:
    if m.honorable_service:
        return True
    # the VA grants health care only after active service without a dishonorable discharge
    if m.va_healthcare:
        return True
    # VA disability compensation and VA pension are paid only to veterans not dishonorably discharged
    if m.receives_va_disability:
        return True
    return False


def member_qualifies(m: Member) -> bool:
    if not served_without_dishonorable_discharge(m):
        return False
    if m.housing_type not in TEMPORARY_HOUSING:
        return False
    return True


share_rules(globals())
