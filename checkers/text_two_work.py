"""Text 2 Work (TXT-2-WORK): job openings sent by text message to HRA clients.

Readings of ambiguous requirements:
- "NYC residents" means place_of_residence is "New York City".
- "HRA clients receiving temporary cash, SNAP or housing assistance": receives_hra, receives_cash_assistance, receives_temporary_assistance or receives_snap.
"""
from eligibench.household import Household, Member

ID = "TextTwoWork"


def hra_client(m: Member) -> bool:
    if m.receives_hra:
        return True
    if m.receives_cash_assistance:
        return True
    if m.receives_temporary_assistance:
        return True
    if m.receives_snap:
        return True
    return False


def member_qualifies(m: Member) -> bool:
    if m.place_of_residence != "New York City":
        return False
    if not hra_client(m):
        return False
    return True


def check(hh: Household) -> bool:
    for m in hh.members:
        if member_qualifies(m):
            return True
    return False
