"""NYCHA Public Housing.

Readings of ambiguous requirements:
- "Legal immigration status" (permanent resident, refugee, asylum) is citizenship "lawful_resident"; a US citizen or national also meets the status rule.
- "You" is the person answering (member 0); "someone you apply with (a spouse or domestic partner)" is every member whose relation is spouse.
- NYCHA's "family" is a single person, or people related by blood, marriage, adoption, guardianship or custody: every relation except "friend" counts as related (foster child counts through guardianship or custody); a member listed as "friend" is not family.
- "Family's income" is every member's yearly work and investment income; family size is the number of members; income exactly at the limit qualifies.
- No limit past 8 people is given; households have at most 6 members, so none is added.
- not modelled: senior public housing (everyone 62 or older) applies only to those applying for senior housing; no feature says which housing is applied for, so general public housing is checked.
- not modelled: domestic partnership has no relation value of its own.

Implied conditions (not stated in the source text):
- none
"""
from checkers._common import household_income
from eligibench.household import Household, Member

ID = "NYCHAPublicHousing"

# Yearly income limits for family sizes 1 to 8.
INCOME_LIMITS = (87100, 99550, 111950, 124400, 134350, 144300, 154250, 164200)
STATUS_OK = ("citizen_or_national", "lawful_resident")


def is_adult_or_emancipated(m: Member) -> bool:
    if m.age >= 18:
        return True
    if m.emancipated_minor:
        return True
    return False


def has_member_with_status(hh: Household) -> bool:
    for m in hh.members:
        if m.citizenship in STATUS_OK:
            return True
    return False


def spouses_adult_or_emancipated(hh: Household) -> bool:
    for m in hh.members:
        if m.relation != "spouse":
            continue
        if not is_adult_or_emancipated(m):
            return False
    return True


def is_family(hh: Household) -> bool:
    for m in hh.members:
        if m.relation == "friend":
            return False
    return True


def check(hh: Household) -> bool:
    if not has_member_with_status(hh):
        return False
    if not is_adult_or_emancipated(hh.self_member):
        return False
    if not spouses_adult_or_emancipated(hh):
        return False
    if not is_family(hh):
        return False
    limit = INCOME_LIMITS[hh.size - 1]
    if household_income(hh) > limit:
        return False
    return True
