"""Text 2 Work (TXT-2-WORK): job openings sent by text message to New York City residents.

Readings of ambiguous requirements:
- "All New York City residents" is read from place_of_residence being New York City.
- A member living in a DHS or HRA shelter or in NYCHA housing lives in New York City, whatever place_of_residence says.
- The 2026 text no longer names HRA clients as a group of their own: receiving HRA benefits (receives_hra) while living outside New York City no longer qualifies.

Implied conditions (not stated in the source text):
- none
"""
# ruff: noqa: F821  (the twin's helpers and constants: share_rules, below, defines them here)
from checkers.editions.variant import share_rules
from eligibench.household import Household

# Shares the rules of checkers/text_two_work.py (NYC residence); the 2026-08 text no longer names
# HRA clients as a group of their own, so check is replaced (the twin's member_qualifies, which only
# check called, is dropped).
TWIN = "checkers.text_two_work"
ID = "TextTwoWork"


def check(hh: Household) -> bool:
    for m in hh.members:
        if lives_in_nyc(m):
            return True
    return False


share_rules(globals())
