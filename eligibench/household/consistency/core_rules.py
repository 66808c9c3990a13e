"""The rules of relations, ages, schooling, work and housing: each `rule_<name>` returns the
messages for its violations (empty when kept)."""
from __future__ import annotations

from typing import Callable

from eligibench.household.consistency.limits import (
    ADULT_FLAGS,
    CHILD_GAP,
    CHILD_RELATIONS,
    COLLEGE_CREDITS_MIN_AGE,
    COLLEGE_MIN_AGE,
    FERTILE_AGES,
    FLAG_AGE_RANGES,
    FOSTER_CARE_MAX_AGE,
    GRADES,
    GRANDCHILD_GAP,
    HSE_MIN_AGE,
    MALE_ONLY_FLAGS,
    NO_DIPLOMA,
    NYC,
    NYC_ONLY_HOUSING,
    PARENTED_RELATIONS,
    SELF_ALONE_MIN_AGE,
    SELF_MIN_AGE,
    SPOUSE_MIN_AGE,
    WORK_FLAGS,
    WORK_MIN_AGE,
    WORK_NUMBERS,
    flag_allowed,
    numeric_cap,
    pregnancy_allowed,
    school_level_ok,
)
from eligibench.household.model import Household, Member

Rule = Callable[[Household], list[str]]


def _who(i: int, m: Member) -> str:
    return f"member {i} ({m.relation}, age {m.age})"


def member_message(i: int, m: Member, text: str, rule: str) -> str:
    return f"{_who(i, m)}: {text} (rule {rule})"


def rule_one_self(hh: Household) -> list[str]:
    """Exactly one member is "self", and it is member 0."""
    out = []
    for i, m in enumerate(hh.members):
        if (i == 0) != (m.relation == "self"):
            want = "member 0 must be 'self'" if i == 0 else "only member 0 may be 'self'"
            out.append(member_message(i, m, want, "one_self"))
    return out


def rule_at_most_one_spouse(hh: Household) -> list[str]:
    """At most one member is the self's spouse."""
    spouses = [i for i, m in enumerate(hh.members) if m.relation == "spouse"]
    return [
        member_message(i, hh.members[i], f"a second spouse (first is member {spouses[0]})", "at_most_one_spouse")
        for i in spouses[1:]
    ]


def rule_self_min_age(hh: Household) -> list[str]:
    """The self (the person answering, who applies for the household) is at least 16: the age New
    York's compulsory schooling ends; or 14-15 as a runaway youth on their own (is_runaway: an
    unaccompanied minor, whom NYC's youth drop-in centers serve from 14)."""
    m = hh.members[0]
    if m.age < SELF_MIN_AGE:
        return [member_message(0, m, f"the person answering must be at least {SELF_MIN_AGE}", "self_min_age")]
    if m.age < SELF_ALONE_MIN_AGE and not m.is_runaway:
        return [member_message(0, m, f"the person answering is under {SELF_ALONE_MIN_AGE} but not a runaway youth "
                                     "on their own", "self_min_age")]
    return []


def rule_marriage_age(hh: Household) -> list[str]:
    """A spouse is at least 16, and so is a self who has a spouse."""
    out = []
    spouses = [(i, m) for i, m in enumerate(hh.members) if m.relation == "spouse"]
    for i, m in spouses:
        if m.age < SPOUSE_MIN_AGE:
            out.append(member_message(i, m, f"a spouse must be at least {SPOUSE_MIN_AGE}", "marriage_age"))
    me = hh.members[0]
    if spouses and me.age < SPOUSE_MIN_AGE:
        out.append(member_message(0, me, f"a married self must be at least {SPOUSE_MIN_AGE}", "marriage_age"))
    return out


def rule_child_age_gap(hh: Household) -> list[str]:
    """A child, stepchild, adopted child or foster child is at least 12 years younger than self."""
    limit = hh.members[0].age - CHILD_GAP
    return [
        member_message(i, m, f"a {m.relation} cannot be older than self minus {CHILD_GAP} years", "child_age_gap")
        for i, m in enumerate(hh.members)
        if m.relation in CHILD_RELATIONS and m.age > limit
    ]


def rule_grandchild_age_gap(hh: Household) -> list[str]:
    """A grandchild is at least 26 years younger than self."""
    limit = hh.members[0].age - GRANDCHILD_GAP
    return [
        member_message(i, m, f"a grandchild cannot be older than self minus {GRANDCHILD_GAP} years", "grandchild_age_gap")
        for i, m in enumerate(hh.members)
        if m.relation == "grandchild" and m.age > limit
    ]


def rule_foster_care_age(hh: Household) -> list[str]:
    """Only members under 21 are in foster care (no adults in foster care)."""
    return [
        member_message(i, m, f"in foster care only under {FOSTER_CARE_MAX_AGE + 1}", "foster_care_age")
        for i, m in enumerate(hh.members)
        if m.in_foster_care and m.age > FOSTER_CARE_MAX_AGE
    ]


def rule_foster_age_out(hh: Household) -> list[str]:
    """Aged out of foster care only at 18 or older, and not while still in foster care."""
    out = []
    for i, m in enumerate(hh.members):
        if m.foster_age_out and m.age < 18:
            out.append(member_message(i, m, "cannot have aged out of foster care before 18", "foster_age_out"))
        elif m.foster_age_out and m.in_foster_care:
            out.append(member_message(i, m, "cannot have aged out of foster care while in it", "foster_age_out"))
    return out


def rule_pregnancy(hh: Household) -> list[str]:
    """Pregnant (months_pregnant > 0) only a female aged 12-55."""
    lo, hi = FERTILE_AGES
    return [
        member_message(i, m, f"pregnant only if female and aged {lo}-{hi} (sex {m.sex})", "pregnancy")
        for i, m in enumerate(hh.members)
        if m.months_pregnant > 0 and not pregnancy_allowed(m.age, m.sex)
    ]


def rule_breastfeeding(hh: Household) -> list[str]:
    """Breastfeeding only a female aged 12-55."""
    lo, hi = FERTILE_AGES
    return [
        member_message(i, m, f"breastfeeding only if female and aged {lo}-{hi} (sex {m.sex})", "breastfeeding")
        for i, m in enumerate(hh.members)
        if m.breastfeeding and not pregnancy_allowed(m.age, m.sex)
    ]


def rule_school_level_age(hh: Household) -> list[str]:
    """School level fits age: pre-K 3-5, K 4-6, grade g at ages g+4 to g+8, college from 16;
    'none' at any age."""
    return [
        member_message(i, m, f"school level {m.current_school_level!r} does not fit the age", "school_level_age")
        for i, m in enumerate(hh.members)
        if not school_level_ok(m.current_school_level, m.age)
    ]


def rule_high_school_credential(hh: Household) -> list[str]:
    """Under 16, or currently in grades 1-12, a member has no high-school credential."""
    out = []
    for i, m in enumerate(hh.members):
        if m.high_school_equivalent == NO_DIPLOMA:
            continue
        if m.age < HSE_MIN_AGE:
            out.append(member_message(i, m, f"a {m.high_school_equivalent!r} only from age {HSE_MIN_AGE}", "high_school_credential"))
        elif m.current_school_level in GRADES:
            out.append(member_message(i, m, f"a {m.high_school_equivalent!r} while in grade {m.current_school_level}", "high_school_credential"))
    return out


def rule_no_child_labor(hh: Household) -> list[str]:
    """Under 14: no work income, hours, weeks, days or job search, no job flags
    (works outside home, work experience, lost job, government job, ...), and never worked
    (months_since_worked -1); work or volunteer experience only from 10."""
    out = []
    for i, m in enumerate(hh.members):
        if m.age >= WORK_MIN_AGE:
            continue
        bad = [f for f in WORK_NUMBERS if getattr(m, f) != 0]
        bad += [f for f in WORK_FLAGS if getattr(m, f)]
        if m.months_since_worked != -1:
            bad.append("months_since_worked")
        if m.work_or_volunteer_experience and not flag_allowed("work_or_volunteer_experience", m.age, m.sex):
            bad.append("work_or_volunteer_experience")
        if bad:
            out.append(member_message(i, m, f"too young to work, but has {', '.join(bad)}", "no_child_labor"))
    return out


def rule_adult_only(hh: Household) -> list[str]:
    """Veteran service, VA benefits, SSDI, property ownership, having paid funeral expenses and
    similar flags only for adults (18+; licensed therapist 21+)."""
    out = []
    for i, m in enumerate(hh.members):
        bad = [f"{f} (from {lo})" for f, lo in ADULT_FLAGS.items() if getattr(m, f) and m.age < lo]
        if bad:
            out.append(member_message(i, m, f"too young for {', '.join(bad)}", "adult_only"))
    return out


def rule_selective_service(hh: Household) -> list[str]:
    """Registered for Selective Service only a male 18+; eligible to register only a male 18-25."""
    out = []
    for i, m in enumerate(hh.members):
        for f in MALE_ONLY_FLAGS:
            if getattr(m, f) and not flag_allowed(f, m.age, m.sex):
                lo, hi = FLAG_AGE_RANGES[f]
                ages = f"{lo}+" if hi >= 999 else f"{lo}-{hi}"
                out.append(member_message(i, m, f"{f} only for a male aged {ages} (sex {m.sex})", "selective_service"))
    return out


def rule_parent_flag(hh: Household) -> list[str]:
    """is_parent is true for self and spouse when a child, stepchild or adopted child lives there."""
    if not any(m.relation in PARENTED_RELATIONS for m in hh.members):
        return []
    return [
        member_message(i, m, "is_parent must be true: the household has a child of the self", "parent_flag")
        for i, m in enumerate(hh.members)
        if m.relation in ("self", "spouse") and not m.is_parent
    ]


def rule_parent_age(hh: Household) -> list[str]:
    """is_parent only from age 12."""
    return [
        member_message(i, m, f"a parent must be at least {CHILD_GAP}", "parent_age")
        for i, m in enumerate(hh.members)
        if m.is_parent and m.age < CHILD_GAP
    ]


def rule_property_months(hh: Household) -> list[str]:
    """months_owned_property > 0 only for a property owner."""
    return [
        member_message(i, m, "months_owned_property > 0 but not a property owner", "property_months")
        for i, m in enumerate(hh.members)
        if m.months_owned_property > 0 and not m.is_property_owner
    ]


def rule_durations_within_age(hh: Household) -> list[str]:
    """Durations fit the age: years_sober and got_heap_ac at most the age in years,
    evicted_months_ago and months_owned_property at most the age in months (property only 18+),
    months_since_worked at most the months since age 14."""
    out = []
    for i, m in enumerate(hh.members):
        for f in ("years_sober", "got_heap_ac", "evicted_months_ago", "months_owned_property", "months_since_worked"):
            cap = numeric_cap(f, m.age)
            if m.age < WORK_MIN_AGE and f == "months_since_worked":
                continue  # reported by no_child_labor
            if cap is not None and getattr(m, f) > cap:
                out.append(member_message(i, m, f"{f} {getattr(m, f)} is more than the age allows ({cap})", "durations_within_age"))
    return out


def rule_filing_jointly(hh: Household) -> list[str]:
    """filing_jointly only for self or spouse, and only when the household has a spouse."""
    has_spouse = any(m.relation == "spouse" for m in hh.members)
    out = []
    for i, m in enumerate(hh.members):
        if not m.filing_jointly:
            continue
        if m.relation not in ("self", "spouse"):
            out.append(member_message(i, m, "only self or spouse can file jointly", "filing_jointly"))
        elif not has_spouse:
            out.append(member_message(i, m, "files jointly but the household has no spouse", "filing_jointly"))
    return out


def rule_self_not_dependent(hh: Household) -> list[str]:
    """The self is not their own tax dependent."""
    m = hh.members[0]
    return [member_message(0, m, "the self cannot be their own dependent", "self_not_dependent")] if m.dependent else []


def rule_gpa_needs_schooling(hh: Household) -> list[str]:
    """gpa > 0 only when in grades 1-12 or college, or with college credits."""
    return [
        member_message(i, m, f"has gpa {m.gpa} but is not in school ({m.current_school_level!r}) and has no college credits",
             "gpa_needs_schooling")
        for i, m in enumerate(hh.members)
        if m.gpa > 0 and not (m.current_school_level in GRADES or m.current_school_level == "college" or m.college_credits > 0)
    ]


def rule_college_age(hh: Household) -> list[str]:
    """College credits only from 14; accepted to CUNY only from 16."""
    out = []
    for i, m in enumerate(hh.members):
        if m.college_credits > 0 and m.age < COLLEGE_CREDITS_MIN_AGE:
            out.append(member_message(i, m, f"college credits only from age {COLLEGE_CREDITS_MIN_AGE}", "college_age"))
        if m.accepted_to_cuny and not flag_allowed("accepted_to_cuny", m.age, m.sex):
            out.append(member_message(i, m, f"accepted to CUNY only from age {COLLEGE_MIN_AGE}", "college_age"))
    return out


def rule_work_hours_and_income(hh: Household) -> list[str]:
    """Work hours and work income go together: weekly work hours above 0 exactly when yearly
    work income is above 0 (a job pays; pay comes from a job), and working outside the home
    means working some hours."""
    out = []
    for i, m in enumerate(hh.members):
        if m.age < WORK_MIN_AGE:
            continue  # any work at all is reported by no_child_labor
        if m.work_hours_per_week > 0 and m.annual_work_income == 0:
            out.append(member_message(i, m, f"works {m.work_hours_per_week} hours a week but has no work income", "work_hours_and_income"))
        elif m.work_hours_per_week == 0 and m.annual_work_income > 0:
            out.append(member_message(i, m, f"has work income {m.annual_work_income} but works 0 hours a week", "work_hours_and_income"))
        if m.works_outside_home and m.work_hours_per_week == 0:
            out.append(member_message(i, m, "works outside the home but works 0 hours a week", "work_hours_and_income"))
    return out


def rule_nyc_only_housing(hh: Household) -> list[str]:
    """A member living in a DHS or HRA shelter or in NYCHA housing lives in New York City."""
    return [
        member_message(i, m, f"lives in {m.housing_type!r} (NYC only) but place_of_residence is {m.place_of_residence!r}", "nyc_only_housing")
        for i, m in enumerate(hh.members)
        if m.housing_type in NYC_ONLY_HOUSING and m.place_of_residence != NYC
    ]


def rule_hra_in_nyc(hh: Household) -> list[str]:
    """Receiving HRA benefits means living in New York City (HRA is the city's social services
    agency; SNAP or cash assistance received elsewhere is not HRA's)."""
    return [
        member_message(i, m, f"receives HRA benefits but place_of_residence is {m.place_of_residence!r}", "hra_in_nyc")
        for i, m in enumerate(hh.members)
        if m.receives_hra and m.place_of_residence != NYC
    ]


__all__ = [
    "Rule",
    "member_message",
    "rule_adult_only",
    "rule_at_most_one_spouse",
    "rule_breastfeeding",
    "rule_child_age_gap",
    "rule_college_age",
    "rule_durations_within_age",
    "rule_filing_jointly",
    "rule_foster_age_out",
    "rule_foster_care_age",
    "rule_gpa_needs_schooling",
    "rule_grandchild_age_gap",
    "rule_high_school_credential",
    "rule_hra_in_nyc",
    "rule_marriage_age",
    "rule_no_child_labor",
    "rule_nyc_only_housing",
    "rule_one_self",
    "rule_parent_age",
    "rule_parent_flag",
    "rule_pregnancy",
    "rule_property_months",
    "rule_school_level_age",
    "rule_selective_service",
    "rule_self_min_age",
    "rule_self_not_dependent",
    "rule_work_hours_and_income",
]
