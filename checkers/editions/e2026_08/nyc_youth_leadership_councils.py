"""Youth Action 50 (YA50; the NYC Youth Leadership Councils in 2024): youth-led councils on issues that affect young New Yorkers.

Readings of ambiguous requirements:
- "14 - 21 years old" includes ages 14 and 21.
- "Enrolled in high school" means current_school_level is grade 9, 10, 11 or 12.
- "Enrolled in an equivalency program" means enrolled in an educational program (enrolled_in_educational_training) while having no high school diploma or equivalency.

Implied conditions (not stated in the source text):
- none
"""
from eligibench.household import Household, Member

ID = "NYCYouthLeadershipCouncils"

HIGH_SCHOOL_GRADES = (9, 10, 11, 12)


def in_high_school_or_equivalency(m: Member) -> bool:
    if m.current_school_level in HIGH_SCHOOL_GRADES:
        return True
    if m.high_school_equivalent != "no high school diploma equivalent":
        return False
    if m.enrolled_in_educational_training:
        return True
    return False


def member_qualifies(m: Member) -> bool:
    if m.age < 14:
        return False
    if m.age > 21:
        return False
    if not in_high_school_or_equivalency(m):
        return False
    return True


def check(hh: Household) -> bool:
    for m in hh.members:
        if member_qualifies(m):
            return True
    return False
