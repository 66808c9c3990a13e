"""NYC Nurse-Family Partnership: home visits by a nurse for pregnant people.

Readings of ambiguous requirements:
- "Are you pregnant?" is read as months_pregnant above 0. The 2024 limits "28 weeks pregnant or less" and "with your first baby" are gone from the 2026-08 text, so any stage of pregnancy counts and being a parent already does not matter.
- "Do you live in New York City?" is read from place_of_residence being New York City.
- A member living in a DHS or HRA shelter or in NYCHA housing lives in New York City, whatever place_of_residence says.
- "Eligible (or think you may be eligible) for Medicaid" is the derived fact medicaid_eligible: eligible_for_medicaid or receiving Medicaid of any kind (receives_medicaid or receives_disability_medicaid). Changed in issue 30: disability Medicaid was ignored, so a pregnant woman on disability Medicaid was found not eligible; disability Medicaid is Medicaid, and receiving it means being eligible for it.
- Eligibility for Medicaid is the members own answer, eligible_for_medicaid (or receiving Medicaid), not an income test the checker runs: the text asks "are you eligible or believe you may be eligible", a question the person answers, and the schema records that answer; Medicaid for Pregnant Womens income table is that programs own condition. Decided in the second reading 2024 (reader-B), both editions: a pregnant woman with no income and eligible_for_medicaid false stays not eligible; a household whose "not eligible for Medicaid" contradicts its income is a consistency matter (docs/ground_truth.md, Decided readings (second reading, 2024)), not a reading of this text.
- "Eligible for WIC" is read as her household receiving SNAP (a household benefit: the derived fact household_receives_snap, any member) or her receiving Temporary Assistance (the derived fact temporary_assistance: receives_temporary_assistance or receives_cash_assistance, one program as HRA runs it in NYC), which make a pregnant person income-eligible for WIC; WIC's own income test is not modelled. Changed in issue 30, as in the 2024 NFP: only her own receives_snap and receives_temporary_assistance were read.
- "Regardless of age, immigration status, or gender identity" adds no condition.

Implied conditions (not stated in the source text):
- none
"""
# ruff: noqa: F821  (the twin's helpers and constants: share_rules, below, defines them here)
from checkers.editions.variant import share_rules
from eligibench.household import Household, Member

# Shares the rules of checkers/nyc_nurse_family_partnership.py; the 2026-08 text drops "28 weeks
# pregnant or less" and "with your first baby", so member_qualifies is replaced.
TWIN = "checkers.nyc_nurse_family_partnership"
ID = "NYCNurseFamilyPartnership"


def member_qualifies(m: Member, hh: Household) -> bool:
    if m.months_pregnant == 0:
        return False
    if not lives_in_nyc(m):
        return False
    if not medicaid_or_wic(m, hh):
        return False
    return True


share_rules(globals())
