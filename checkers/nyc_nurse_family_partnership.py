"""NYC Nurse-Family Partnership: home visits by a nurse for first-time pregnant people.

Readings of ambiguous requirements:
- "28 weeks pregnant or less" is read as months_pregnant from 1 to 6: months are whole months completed, and 7 completed months is past 30 weeks.
- "With your first baby" is read as the pregnant person not already being a parent (is_parent is false).
- "Lives in New York City" is read from place_of_residence being New York City.
- "Eligible (or believes they may be eligible) for Medicaid" is read from the derived fact medicaid_eligible: eligible_for_medicaid, or receiving Medicaid of any kind (receives_medicaid or receives_disability_medicaid). Changed in issue 30: disability Medicaid was ignored, so a pregnant woman on disability Medicaid was found not eligible.
- Eligibility for Medicaid is the members own answer, eligible_for_medicaid (or receiving Medicaid), not an income test the checker runs: the text asks "are you eligible or believe you may be eligible", a question the person answers, and the schema records that answer; Medicaid for Pregnant Womens income table is that programs own condition. Decided in the second reading 2024 (reader-B), both editions: a pregnant woman with no income and eligible_for_medicaid false stays not eligible; a household whose "not eligible for Medicaid" contradicts its income is a consistency matter (docs/ground_truth.md, Decided readings (second reading, 2024)), not a reading of this text.
- "Eligible for WIC" is read as her household receiving SNAP (a household benefit: household_receives_snap, any member) or her receiving Temporary Assistance, which make a pregnant person income-eligible for WIC; WIC's own income test is not modelled. Temporary Assistance includes HRA Cash Assistance: the derived fact temporary_assistance reads receives_temporary_assistance or receives_cash_assistance, because HRA Cash Assistance is New York State Temporary Assistance as HRA runs it in NYC (the two flags name one program). Changed in issue 30: only receives_temporary_assistance and her own SNAP flag were read.
- "Regardless of age, immigration status, or gender identity" adds no condition.
- A member living in a DHS or HRA shelter or in NYCHA housing lives in New York City, whatever place_of_residence says.

Implied conditions (not stated in the source text):
- none
"""
from checkers._common import NYC, NYC_ONLY_HOUSING
from checkers.facts import household_receives_snap, medicaid_eligible, temporary_assistance
from eligibench.household import Household, Member

ID = "NYCNurseFamilyPartnership"
MAX_MONTHS_PREGNANT = 6  # 28 weeks or less


def lives_in_nyc(m: Member) -> bool:
    if m.housing_type in NYC_ONLY_HOUSING:
        return True
    if m.place_of_residence == NYC:
        return True
    return False


def medicaid_or_wic(m: Member, hh: Household) -> bool:
    if medicaid_eligible(m):
        return True
    if household_receives_snap(hh):
        return True
    if temporary_assistance(m):
        return True
    return False


def member_qualifies(m: Member, hh: Household) -> bool:
    if m.months_pregnant == 0:
        return False
    if m.months_pregnant > MAX_MONTHS_PREGNANT:
        return False
    if m.is_parent:
        return False
    if not lives_in_nyc(m):
        return False
    if not medicaid_or_wic(m, hh):
        return False
    return True


def check(hh: Household) -> bool:
    for m in hh.members:
        if member_qualifies(m, hh):
            return True
    return False
