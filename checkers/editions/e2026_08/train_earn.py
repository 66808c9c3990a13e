"""Train & Earn: job training, high school equivalency help and paid work for out-of-school youth.

Readings of ambiguous requirements:
- "You live in NYC" is read from place_of_residence being New York City.
- "16-24 years old" includes ages 16 and 24.
- "Not working" means not working any hours a week (the derived fact works: work_hours_per_week above 0, is false).
- "Registered for selective service, if you are an eligible male" applies only to a member who is required to register (is_eligible_for_selective_service); such a member must be registered.
- "Not attending school" means current_school_level is none, in both alternatives; "haven't graduated / no equivalency diploma" means high_school_equivalent is "no high school diploma equivalent".
- "English language learner or need to improve basic literacy skills" means not proficient in English reading and writing.
- "Gets cash assistance" is read from the derived fact temporary_assistance (receives_temporary_assistance or receives_cash_assistance): HRA Cash Assistance is New York State Temporary Assistance as HRA runs it in NYC, so the two flags name one program. "Someone in your household" means any member of the household; SNAP is a household benefit (household_receives_snap). Changed in issue 30, as in the 2024 Train & Earn: only receives_cash_assistance was read.
- "Have a disability" is read from the derived fact disability (any): disabled, developmental_condition, blind or deaf_or_hearing_loss. Changed in issue 30, as in the 2024 Train & Earn: only disabled was read.
- "Homeless youth" means housing_type is homeless, a DHS shelter, an HRA shelter or temporary housing; "runaway youth" is read from is_runaway.
- "Were in foster care or aged out of the foster care system" is read from in_foster_care (a youth in foster care now has been in it) or foster_age_out. A youth who left foster care earlier in another way (adoption, return home) is not modelled: no household fact records past foster care (a known gap of feature schema 1).
- "Pregnant" means months_pregnant is above 0; "a parent" is read from is_parent.
- "You make less than the income limits in the chart" is read as the household's income (every member's yearly work and investment income), because the chart is by household size (number of members); "less than" is strict: income exactly at the chart amount does not meet it (the 2024 text said "at or below").
- not modelled: "need more help to enter or finish an education program, or to get or hold a job" (a youth under the income limits meets that item).
- The 2024 closing sentence (must be able to work lawfully in the US to take part in paid work experiences) is not in the 2026 text, so work authorization is no longer tested.
- A member living in a DHS or HRA shelter or in NYCHA housing lives in New York City, whatever place_of_residence says.

Implied conditions (not stated in the source text):
- none
"""
# ruff: noqa: F821  (the twin's helpers and constants: share_rules, below, defines them here)
from checkers.editions.variant import share_rules
from checkers.facts import works
from eligibench.household import Household, Member

# Shares the rules of checkers/train_earn.py (NYC residence, the needs, schooling); the 2026-08 income
# chart differs and is strict ("less than"), and the text drops work authorization, so low_income
# and member_qualifies are replaced.
TWIN = "checkers.train_earn"
ID = "TrainEarn"
YEARLY_LIMITS = (15650, 21150, 26650, 32150, 37650, 43150, 48650, 54150)
EXTRA_PER_PERSON = 5500


def low_income(hh: Household) -> bool:
    limit = table_limit(YEARLY_LIMITS, EXTRA_PER_PERSON, hh.size)
    if household_income(hh) < limit:
        return True
    return False


def member_qualifies(hh: Household, m: Member) -> bool:
    if not lives_in_nyc(m):
        return False
    if m.age < 16:
        return False
    if m.age > 24:
        return False
    if m.is_eligible_for_selective_service:
        if not m.selective_service:
            return False
    if works(m):
        return False
    if not schooling_qualifies(m):
        return False
    if not meets_one_need(hh, m):
        return False
    return True


share_rules(globals())
