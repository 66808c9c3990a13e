"""NYC Care: no-cost or low-cost health care through NYC Health + Hospitals.

Readings of ambiguous requirements:
- "Live in NYC (any of the five boroughs)" is read from place_of_residence being New York City.
- A member living in a DHS or HRA shelter or in NYCHA housing lives in New York City, whatever place_of_residence says.
- "Don't qualify for any health insurance plan available in New York State" is read as qualify_for_health_insurance being false and the derived fact medicaid_eligible being false (not eligible_for_medicaid, not receiving Medicaid of any kind). Decided in issue 30 (the same in both editions): Medicaid is a health insurance plan available in New York State, so a member who receives or qualifies for Medicaid qualifies for a plan; reading only qualify_for_health_insurance let a member on Medicaid whose household left that flag false qualify (the reviewer's case, which the consistency rules now also call a contradiction).
- "Don't have health insurance from your employer" (new in the 2026 text) is read from health_insurance being false: the schema records whether a person has health insurance, not where it comes from (known gap), so any health insurance counts as a reason not to qualify.
- Not modelled: "can't afford health insurance based on government guidelines" (the guidelines are not given and no feature records affordability).

Implied conditions (not stated in the source text):
- The person has no health insurance of any kind. Reason: The 2026 text excludes people with health insurance from their employer; the household states only whether a person has health insurance, not its source, and a person who has coverage while qualifying for no New York State plan has it, in almost every case, through an employer.
"""
# ruff: noqa: F821  (the twin's helpers and constants: share_rules, below, defines them here)
from checkers.editions.variant import share_rules
from checkers.facts import medicaid_eligible
from eligibench.household import Member

# Shares the rules of checkers/nyc_care.py; the 2026-08 text adds one bar (health insurance from an
# employer), so member_qualifies is replaced.
TWIN = "checkers.nyc_care"
ID = "NYCCare"


def member_qualifies(m: Member) -> bool:
    if not lives_in_nyc(m):
        return False
    if m.health_insurance:
        return False
    if m.qualify_for_health_insurance:
        return False
    # Medicaid is a New York State health plan: qualifying for it is qualifying for a plan
    if medicaid_eligible(m):
        return False
    return True


share_rules(globals())
