"""Office of Child Support Services.

Readings of ambiguous requirements:
- The parent is the person answering for the household (relation "self").
- The 2026 text says "a parent or guardian", where 2024 said "a single parent or legal guardian": whether a spouse lives in the household is no longer tested.
- "Child" means a member whose relation is child, stepchild, foster child or adopted child.
- "Under 21" means age 20 or younger.
- "The child's primary caregiver" is read from the answering person's responsible_for_day_to_day.
- not modelled: guardianship of a child who is not the answering person's own, step, foster or adopted child.

Implied conditions (not stated in the source text):
- none
"""
# ruff: noqa: F821  (the twin's helpers and constants: share_rules, below, defines them here)
from checkers.editions.variant import share_rules
from eligibench.household import Household

# Shares the rules of checkers/office_of_child_support_services.py; the 2026-08 text says "a parent
# or guardian" (2024: "a single parent"), so check, which held the spouse bar, is replaced.
TWIN = "checkers.office_of_child_support_services"
ID = "OfficeOfChildSupportServices"


def check(hh: Household) -> bool:
    if not hh.self_member.responsible_for_day_to_day:
        return False
    for m in hh.members:
        if is_child_under_21(m):
            return True
    return False


share_rules(globals())
