"""Learn & Earn: after-school job training and paid internships for high school juniors and seniors.

Readings of ambiguous requirements:
- "Between 16 - 21 years old" includes ages 16 and 21.
- "NYC high school junior or senior" means living in New York City and currently in grade 11 or 12.
- "Can legally work in the US" is read from authorized_to_work_in_us.
- "Registered for selective service, if you are an eligible male" applies only to a member who is required to register (is_eligible_for_selective_service); such a member must be registered.
- "Gets cash assistance" is read from the derived fact temporary_assistance (receives_temporary_assistance or receives_cash_assistance): HRA Cash Assistance is New York State Temporary Assistance as HRA runs it in NYC, so the two flags name one program. "Someone in your household" means any member of the household; SNAP is a household benefit (household_receives_snap: any member receives SNAP). Changed in issue 30 (both editions, one rule: this checker shares the 2024 rule): only receives_cash_assistance was read.
- "Homeless youth" means housing_type is homeless, a DHS shelter, an HRA shelter or temporary housing; "runaway youth" is read from is_runaway.
- "Pregnant" means months_pregnant is above 0; "a parent" is read from is_parent.
- The note that Learn & Earn looks at a disabled youth's own income does not change the verdict: having a disability already meets the "one of these" requirement.
- "Have a disability" is read from the derived fact disability (any): disabled, developmental_condition, blind or deaf_or_hearing_loss. Changed in issue 30 (both editions, one rule): only disabled was read, although blindness, deafness and a serious developmental condition are disabilities, so a member with only one of those flags got the other verdict.
- "Household income" is every member's yearly work and investment income, compared with the yearly table (the 2026 text gives only yearly amounts); household size is the number of members.
- A member living in a DHS or HRA shelter or in NYCHA housing lives in New York City, whatever place_of_residence says.

Implied conditions (not stated in the source text):
- none
"""
from checkers.editions.variant import share_rules

# Shares the rules of checkers/learn_earn.py; only the constants below differ (the 2026-08 figures).
TWIN = "checkers.learn_earn"
ID = "LearnEarn"
YEARLY_LIMITS = (15650, 21150, 26650, 32150, 37650, 43150, 48650, 54150)
EXTRA_PER_PERSON = 5500

share_rules(globals())
