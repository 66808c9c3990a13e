"""Family Type Homes for Adults (FTHA).

Readings of ambiguous requirements:
- "18 years or older" includes a member who is exactly 18.
- "Unable to live independently without semi-protective care" means can_care_for_self is false.
- The causes are examples ("may be due to"): a person who cannot care for themselves qualifies without any listed condition (the exclusions still apply).
- "Attends a day treatment program" is read from developmental_mental_day_treatment.
- "History of substance abuse" means years_sober is 0 or more, or receiving treatment for substance abuse now (receiving_treatment_for_substance_abuse); "at least five years clean or sober" means years_sober is 5 or more, so a member in treatment with years_sober -1 (not applicable in v1 data) is not five years sober. Decided in the second reading 2024 (reader-A), both editions: a member in treatment with years_sober -1 was found eligible; being in treatment is a history of substance abuse. Not a consistency rule: -1 means "not applicable" in v1 data (as months_since_worked), so treatment beside -1 is missing information, not a contradiction.
- The exclusions are read from wheelchair, bedridden, medication_treatment_non_compliance, arson, verbal_abuse and imprisonment.
- The day-treatment requirement applies to a developmental disability (developmental_condition) or a mental illness (mental_health_condition).

Implied conditions (not stated in the source text):
- none
"""
from checkers.facts import disability
from eligibench.household import Household, Member

ID = "FamilyTypeHomesForAdults"


def needs_day_treatment(m: Member) -> bool:
    if disability(m, "developmental"):
        return True
    if m.mental_health_condition:
        return True
    return False


def substance_abuse_history(m: Member) -> bool:
    if m.years_sober >= 0:
        return True
    if m.receiving_treatment_for_substance_abuse:
        return True  # in treatment now: a history, with no five sober years on record (second reading 2024)
    return False


def member_qualifies(m: Member) -> bool:
    if m.age < 18:
        return False
    if m.can_care_for_self:
        return False
    if needs_day_treatment(m):
        if not m.developmental_mental_day_treatment:
            return False
    if substance_abuse_history(m):
        if m.years_sober < 5:
            return False
    if m.wheelchair:
        return False
    if m.bedridden:
        return False
    if m.medication_treatment_non_compliance:
        return False
    if m.arson:
        return False
    if m.verbal_abuse:
        return False
    if m.imprisonment:
        return False
    return True


def check(hh: Household) -> bool:
    for m in hh.members:
        if member_qualifies(m):
            return True
    return False
