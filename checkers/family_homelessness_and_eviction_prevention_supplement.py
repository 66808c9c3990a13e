"""Family Homelessness and Eviction Prevention Supplement (FHEPS).

Readings of ambiguous requirements:
- "Your family" is the whole household; each condition is met when any member meets it.
- "A child" is a member whose relation is child, stepchild, foster child, adopted child, grandchild, sibling, or niece or nephew.
- "Enrolled in high school" is a current school level of grade 9 to 12; "vocational or technical training program" is enrollment in vocational training; full-time enrollment is assumed (not modelled separately).
- "A pregnant person" is a member who is any months pregnant.
- "An active Cash Assistance case" is a member who receives Temporary Assistance includes HRA Cash Assistance: the derived fact temporary_assistance reads receives_temporary_assistance or receives_cash_assistance, because HRA Cash Assistance is New York State Temporary Assistance as HRA runs it in NYC (the two flags name one program). Changed in issue 30: only receives_cash_assistance was read.
- "In DHS shelter and eligible for HRA shelter" must hold for the same member.
- "Evicted within the last 12 months" is an eviction 1 to 12 months ago; "currently being evicted" covers the listed forms of eviction (proceeding, foreclosure, City vacate order, rent demand letter threatening eviction).
- "In DHS shelter and evicted in NYC in the year before entering shelter" is read as evicted in the last 12 months (the shelter entry date is not modelled), which the eviction option already covers.
- not modelled: qualifying for Cash Assistance on leaving shelter (no feature says so).
- "Evicted in NYC" is read as the evicted member living in New York City (place_of_residence, or a DHS or HRA shelter or NYCHA housing, which are in NYC whatever place_of_residence says): a current eviction is from the home the member lives in, and a family evicted in the last year lives where the eviction left it or in an NYC shelter; the features record no place of eviction. Decided in the third reading: the checker did not test NYC, so a family evicted outside New York City was found eligible for a New York City rent supplement the text limits to evictions in NYC.

Implied conditions (not stated in the source text):
- none
"""
from checkers._common import NYC, NYC_ONLY_HOUSING, TAX_CHILD_RELATIONS
from checkers.facts import temporary_assistance
from eligibench.household import Household, Member

ID = "FamilyHomelessnessAndEvictionPreventionSupplement"

HIGH_SCHOOL_GRADES = (9, 10, 11, 12)


def is_qualifying_child(m: Member) -> bool:
    if m.relation not in TAX_CHILD_RELATIONS:
        return False
    if m.age < 18:
        return True
    if m.age >= 19:
        return False
    if m.current_school_level in HIGH_SCHOOL_GRADES:
        return True
    if m.enrolled_in_vocational_training:
        return True
    return False


def has_child_or_pregnancy(hh: Household) -> bool:
    for m in hh.members:
        if is_qualifying_child(m):
            return True
        if m.months_pregnant > 0:
            return True
    return False


def has_cash_assistance(hh: Household) -> bool:
    for m in hh.members:
        if temporary_assistance(m):
            return True
    return False


def lives_in_nyc(m: Member) -> bool:
    if m.housing_type in NYC_ONLY_HOUSING:
        return True
    if m.place_of_residence == NYC:
        return True
    return False


def member_has_housing_crisis(m: Member) -> bool:
    if m.housing_type == "HRA shelter":
        return True
    if m.housing_type == "DHS shelter":
        if m.eligible_for_hra_shelter:
            return True
    # "evicted in NYC": the eviction is from the home the member lives in (or left for an NYC shelter)
    if not lives_in_nyc(m):
        return False
    if m.currently_being_evicted:
        return True
    if m.evicted_months_ago < 1:
        return False
    if m.evicted_months_ago <= 12:
        return True
    return False


def has_housing_crisis(hh: Household) -> bool:
    for m in hh.members:
        if member_has_housing_crisis(m):
            return True
    return False


def check(hh: Household) -> bool:
    if not has_child_or_pregnancy(hh):
        return False
    if not has_cash_assistance(hh):
        return False
    if not has_housing_crisis(hh):
        return False
    return True
