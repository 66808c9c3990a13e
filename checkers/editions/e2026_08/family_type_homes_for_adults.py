"""Family Type Homes for Adults (FTHA).

Readings of ambiguous requirements:
- "At least 18 years old" includes a member who is exactly 18.
- "Need help with daily living tasks (you can't live independently without support)" means can_care_for_self is false.
- The conditions are now a requirement of their own ("Have a developmental disability, physical disability, cognitive impairment, or mental illness" is one of the basic requirements; in 2024 they were examples after "may be due to"): a person who cannot care for themselves qualifies only with one of them.
- A developmental disability, a physical disability or a cognitive impairment is a disability of any kind (the derived fact disability (any): disabled, developmental_condition, blind or deaf_or_hearing_loss; the schema has one general disability flag that does not say which kind, and blindness and deafness are physical disabilities); a mental illness is mental_health_condition. Changed in issue 30: blind and deaf_or_hearing_loss were not read, although the plain word "disability" covers them in every checker.
- The day-treatment requirement applies to a developmental disability (the derived fact disability (developmental): developmental_condition) or a mental illness (mental_health_condition); "attend a day treatment program" is read from developmental_mental_day_treatment.
- "History of substance abuse" means years_sober is 0 or more, or receiving treatment for substance abuse now (receiving_treatment_for_substance_abuse); "at least five years clean or sober" means years_sober is 5 or more, so a member in treatment with years_sober -1 (not applicable in v1 data) is not five years sober. Decided in the second reading 2024 (reader-A), both editions: a member in treatment with years_sober -1 was found eligible; being in treatment is a history of substance abuse. Not a consistency rule: -1 means "not applicable" in v1 data (as months_since_worked), so treatment beside -1 is missing information, not a contradiction.
- The exclusions are read from wheelchair, bedridden, medication_treatment_non_compliance ("difficulties following medication and treatment plans"), arson, verbal_abuse and imprisonment ("have been incarcerated").

Implied conditions (not stated in the source text):
- none
"""
# ruff: noqa: F821  (the twin's helpers and constants: share_rules, below, defines them here)
from checkers.editions.variant import share_rules
from checkers.facts import disability
from eligibench.household import Member

# Shares the rules of checkers/family_type_homes_for_adults.py (day treatment, substance abuse, the
# exclusions); the 2026-08 text makes the conditions a requirement of their own, so member_qualifies
# is replaced (with the helper it calls).
TWIN = "checkers.family_type_homes_for_adults"
ID = "FamilyTypeHomesForAdults"


def has_qualifying_condition(m: Member) -> bool:
    # a developmental or physical disability or a cognitive impairment: a disability of any kind
    if disability(m, "any"):
        return True
    if m.mental_health_condition:
        return True
    return False


def member_qualifies(m: Member) -> bool:
    if m.age < 18:
        return False
    if m.can_care_for_self:
        return False
    if not has_qualifying_condition(m):
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


share_rules(globals())
