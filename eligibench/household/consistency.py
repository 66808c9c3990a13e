"""Household consistency: rules a believable household keeps, beyond per-feature validity.

`Household` only checks that each value fits the schema and that member 0 is the one "self".
These rules catch profiles that are valid field by field but absurd together: a child older
than the parent, a pregnant 70-year-old, a 2-year-old with a job or a diploma. Samplers
(the fuzzer in `fuzz`, the population sampler) generate households that keep every rule by
construction, and their tests assert `violations(hh) == []`.

Each rule is a small function named `rule_<name>` whose docstring states it; `RULES` lists
(name, docstring) pairs for documentation. A violation message names the member by index,
relation and age, and ends with the rule's name, e.g.
``member 2 (child, age 40): a child cannot be older than self minus 12 years (rule child_age_gap)``.

The helpers `age_bounds`, `min_self_age`, `plausible_age`, `school_levels_for_age`,
`school_level_for_age`, `flag_allowed` and `numeric_cap` give samplers the same limits the
rules check, so the two cannot drift apart.
"""
from __future__ import annotations

import random
from typing import Callable, Iterable

from eligibench.household.model import Household, Member

# ---------------------------------------------------------------------------------------------
# Limits shared by the rules and the samplers.

SELF_MIN_AGE = 14
MAX_AGE = 100  # samplers stay at or under this; the schema allows up to 120
SPOUSE_MIN_AGE = 16
CHILD_GAP = 12  # a child, stepchild, adopted or foster child is at least this much younger than self
GRANDCHILD_GAP = 26
FOSTER_CARE_MAX_AGE = 20  # in foster care only when age < 21
FERTILE_AGES = (12, 55)  # pregnancy and breastfeeding only for females in this age range
WORK_MIN_AGE = 14
HSE_MIN_AGE = 16  # a high-school credential only from this age
COLLEGE_MIN_AGE = 16
COLLEGE_CREDITS_MIN_AGE = 14
EMANCIPATED_AGES = (14, 17)

CHILD_RELATIONS = ("child", "stepchild", "adopted child", "foster child")
PARENTED_RELATIONS = ("child", "stepchild", "adopted child")  # make self and spouse parents
NO_DIPLOMA = "no high school diploma equivalent"
NYC = "New York City"
# Housing that exists only in New York City (DHS and HRA shelters, NYCHA): its residents live in
# NYC. The checkers read residence the same way (`checkers._common.NYC_ONLY_HOUSING`).
NYC_ONLY_HOUSING = ("DHS shelter", "HRA shelter", "NYCHA development")
GRADES = tuple(range(1, 13))

# Numbers that mean having a job (or looking for one): 0 under WORK_MIN_AGE.
WORK_NUMBERS = (
    "annual_work_income",
    "work_hours_per_week",
    "consecutive_work_weeks",
    "nonconsecutive_work_days",
    "days_looking_for_work",
)
# Flags that mean having (had) a job: false under WORK_MIN_AGE.
WORK_FLAGS = (
    "works_outside_home",
    "work_experience",
    "lost_job",
    "government_job",
    "contractor",
    "transitional_job",
    "federal_work_study",
    "wep",
    "collective_bargaining",
    "employer_opt_in",
)
# Flags only an adult (or older) can have: feature -> minimum age.
ADULT_FLAGS: dict[str, int] = {
    "conflict_veteran": 18,
    "honorable_service": 18,
    "va_healthcare": 18,
    "receives_va_disability": 18,
    "receives_ssdi": 18,
    "is_therapist": 21,
    "is_property_owner": 18,
    "first_time_home_buyer": 18,
    "propery_owner_widow": 18,
    "had_previous_sche": 18,
}

# Every age limit on a boolean flag, as feature -> (min age, max age) for True; samplers read it.
FLAG_AGE_RANGES: dict[str, tuple[int, int]] = {
    **{f: (WORK_MIN_AGE, 999) for f in WORK_FLAGS},
    "work_or_volunteer_experience": (10, 999),
    **{f: (lo, 999) for f, lo in ADULT_FLAGS.items()},
    "in_foster_care": (0, FOSTER_CARE_MAX_AGE),
    "foster_age_out": (18, 999),
    "emancipated_minor": EMANCIPATED_AGES,
    "breastfeeding": FERTILE_AGES,
    "is_parent": (CHILD_GAP, 999),
    "selective_service": (18, 999),
    "is_eligible_for_selective_service": (18, 25),
    "accepted_to_cuny": (COLLEGE_MIN_AGE, 999),
}
MALE_ONLY_FLAGS = ("selective_service", "is_eligible_for_selective_service")
FEMALE_ONLY_FLAGS = ("breastfeeding",)


def flag_allowed(feature: str, age: int, sex: str) -> bool:
    """Whether a member of this age and sex may have boolean `feature` true (relation aside)."""
    lo, hi = FLAG_AGE_RANGES.get(feature, (0, 999))
    if not lo <= age <= hi:
        return False
    if feature in MALE_ONLY_FLAGS and sex != "male":
        return False
    if feature in FEMALE_ONLY_FLAGS and sex != "female":
        return False
    return True


def numeric_cap(feature: str, age: int) -> int | None:
    """The largest value of numeric `feature` consistent with `age`, or None for no age limit.

    months_since_worked gives -1 (never worked) under WORK_MIN_AGE; months_pregnant does not
    depend on sex here (see `pregnancy_allowed`).
    """
    if feature in WORK_NUMBERS:
        return None if age >= WORK_MIN_AGE else 0
    if feature == "months_since_worked":
        return -1 if age < WORK_MIN_AGE else (age - WORK_MIN_AGE) * 12
    if feature == "college_credits":
        return None if age >= COLLEGE_CREDITS_MIN_AGE else 0
    if feature in ("years_sober", "got_heap_ac"):
        return age
    if feature == "evicted_months_ago":
        return age * 12
    if feature == "months_owned_property":
        return age * 12 if age >= ADULT_FLAGS["is_property_owner"] else 0
    return None


def pregnancy_allowed(age: int, sex: str) -> bool:
    return sex == "female" and FERTILE_AGES[0] <= age <= FERTILE_AGES[1]


# ---------------------------------------------------------------------------------------------
# Ages by relation.

def min_self_age(relations: Iterable[str]) -> int:
    """The youngest self that can live with members of these relations (member 0 excluded)."""
    need = SELF_MIN_AGE
    for r in relations:
        if r == "spouse":
            need = max(need, SPOUSE_MIN_AGE)
        elif r in CHILD_RELATIONS:
            need = max(need, CHILD_GAP)
        elif r == "grandchild":
            need = max(need, GRANDCHILD_GAP)
    return need


def age_bounds(relation: str, self_age: int | None = None) -> tuple[int, int]:
    """Inclusive (lo, hi) of believable ages for a member of `relation` living with a self of
    `self_age`; every age in it keeps the rules. Raises ValueError when none is possible."""
    if relation == "self":
        return SELF_MIN_AGE, MAX_AGE
    if self_age is None:
        raise ValueError(f"age_bounds({relation!r}) needs the self's age")
    s = self_age
    if relation == "spouse":
        lo, hi = max(SPOUSE_MIN_AGE, s - 20), min(MAX_AGE, s + 20)
        if s < SPOUSE_MIN_AGE:
            lo = hi + 1  # a self this young cannot be married
    elif relation == "foster child":
        lo, hi = 0, min(FOSTER_CARE_MAX_AGE, s - CHILD_GAP)
    elif relation in CHILD_RELATIONS:
        lo, hi = 0, s - CHILD_GAP
    elif relation == "grandchild":
        lo, hi = 0, s - GRANDCHILD_GAP
    elif relation == "sibling":
        lo, hi = max(0, s - 25), min(MAX_AGE, s + 25)
    elif relation == "niece or nephew":
        lo, hi = max(0, s - 50), min(MAX_AGE, s + 10)
    elif relation == "cousin":
        lo, hi = max(0, s - 30), min(MAX_AGE, s + 30)
    elif relation == "friend":
        lo, hi = max(SELF_MIN_AGE, s - 25), min(MAX_AGE, s + 25)
    else:
        raise ValueError(f"unknown relation {relation!r}")
    if lo > hi:
        raise ValueError(f"no believable age for a {relation} of a self aged {s}")
    return lo, hi


def plausible_age(rng: random.Random, relation: str, self_age: int | None = None) -> int:
    """A believable age for a member of `relation` (self_age is ignored for "self").

    Drawn inside `age_bounds` with a realistic lean (parents 18-45 years older than children,
    spouses close in age); uniform draws over `age_bounds` also keep the rules.
    """
    lo, hi = age_bounds(relation, self_age)
    if relation == "self":
        guess = round(rng.triangular(18, 90, 38))
    elif relation == "spouse":
        guess = self_age + round(rng.gauss(0, 4))
    elif relation in CHILD_RELATIONS:
        guess = self_age - round(rng.triangular(18, 45, 28))
    elif relation == "grandchild":
        guess = self_age - round(rng.triangular(40, 80, 55))
    elif relation == "sibling":
        guess = self_age + round(rng.gauss(0, 6))
    else:
        guess = rng.randint(lo, hi)
    if not lo <= guess <= hi:
        guess = rng.randint(lo, hi)
    return guess


# ---------------------------------------------------------------------------------------------
# School levels by age.

def school_levels_for_age(age: int) -> tuple:
    """All current_school_level values consistent with `age` ('none' always is)."""
    out: list = ["none"]
    if 3 <= age <= 5:
        out.append("pk")
    if 4 <= age <= 6:
        out.append("k")
    out.extend(g for g in GRADES if g + 4 <= age <= g + 8)
    if age >= COLLEGE_MIN_AGE:
        out.append("college")
    return tuple(out)


def school_level_for_age(rng: random.Random, age: int):
    """A typical school level for `age`: pre-K at 3-4, K at 5, grade age-5 for 6-17, college
    for some young adults, 'none' otherwise (with some 'none' at every age)."""
    r = rng.random()
    if age < 3:
        return "none"
    if age <= 4:
        return "pk" if r < 0.8 else "none"
    if age == 5:
        return "k" if r < 0.9 else "none"
    if age <= 17:
        if age >= 16 and r < 0.08:
            return "none"
        return min(12, age - 5)
    if age <= 19:
        return 12 if r < 0.3 else "college" if r < 0.7 else "none"
    if age <= 30:
        return "college" if r < 0.3 else "none"
    return "college" if r < 0.03 else "none"


def _school_level_ok(level, age: int) -> bool:
    return level in school_levels_for_age(age)


# ---------------------------------------------------------------------------------------------
# The rules. Each returns the messages for its violations (empty when kept).

Rule = Callable[[Household], list[str]]


def _who(i: int, m: Member) -> str:
    return f"member {i} ({m.relation}, age {m.age})"


def _msg(i: int, m: Member, text: str, rule: str) -> str:
    return f"{_who(i, m)}: {text} (rule {rule})"


def rule_one_self(hh: Household) -> list[str]:
    """Exactly one member is "self", and it is member 0."""
    out = []
    for i, m in enumerate(hh.members):
        if (i == 0) != (m.relation == "self"):
            want = "member 0 must be 'self'" if i == 0 else "only member 0 may be 'self'"
            out.append(_msg(i, m, want, "one_self"))
    return out


def rule_at_most_one_spouse(hh: Household) -> list[str]:
    """At most one member is the self's spouse."""
    spouses = [i for i, m in enumerate(hh.members) if m.relation == "spouse"]
    return [
        _msg(i, hh.members[i], f"a second spouse (first is member {spouses[0]})", "at_most_one_spouse")
        for i in spouses[1:]
    ]


def rule_self_min_age(hh: Household) -> list[str]:
    """The self (the person answering) is at least 14."""
    m = hh.members[0]
    if m.age < SELF_MIN_AGE:
        return [_msg(0, m, f"the person answering must be at least {SELF_MIN_AGE}", "self_min_age")]
    return []


def rule_marriage_age(hh: Household) -> list[str]:
    """A spouse is at least 16, and so is a self who has a spouse."""
    out = []
    spouses = [(i, m) for i, m in enumerate(hh.members) if m.relation == "spouse"]
    for i, m in spouses:
        if m.age < SPOUSE_MIN_AGE:
            out.append(_msg(i, m, f"a spouse must be at least {SPOUSE_MIN_AGE}", "marriage_age"))
    me = hh.members[0]
    if spouses and me.age < SPOUSE_MIN_AGE:
        out.append(_msg(0, me, f"a married self must be at least {SPOUSE_MIN_AGE}", "marriage_age"))
    return out


def rule_child_age_gap(hh: Household) -> list[str]:
    """A child, stepchild, adopted child or foster child is at least 12 years younger than self."""
    limit = hh.members[0].age - CHILD_GAP
    return [
        _msg(i, m, f"a {m.relation} cannot be older than self minus {CHILD_GAP} years", "child_age_gap")
        for i, m in enumerate(hh.members)
        if m.relation in CHILD_RELATIONS and m.age > limit
    ]


def rule_grandchild_age_gap(hh: Household) -> list[str]:
    """A grandchild is at least 26 years younger than self."""
    limit = hh.members[0].age - GRANDCHILD_GAP
    return [
        _msg(i, m, f"a grandchild cannot be older than self minus {GRANDCHILD_GAP} years", "grandchild_age_gap")
        for i, m in enumerate(hh.members)
        if m.relation == "grandchild" and m.age > limit
    ]


def rule_foster_care_age(hh: Household) -> list[str]:
    """Only members under 21 are in foster care (no adults in foster care)."""
    return [
        _msg(i, m, f"in foster care only under {FOSTER_CARE_MAX_AGE + 1}", "foster_care_age")
        for i, m in enumerate(hh.members)
        if m.in_foster_care and m.age > FOSTER_CARE_MAX_AGE
    ]


def rule_foster_age_out(hh: Household) -> list[str]:
    """Aged out of foster care only at 18 or older, and not while still in foster care."""
    out = []
    for i, m in enumerate(hh.members):
        if m.foster_age_out and m.age < 18:
            out.append(_msg(i, m, "cannot have aged out of foster care before 18", "foster_age_out"))
        elif m.foster_age_out and m.in_foster_care:
            out.append(_msg(i, m, "cannot have aged out of foster care while in it", "foster_age_out"))
    return out


def rule_pregnancy(hh: Household) -> list[str]:
    """Pregnant (months_pregnant > 0) only a female aged 12-55."""
    lo, hi = FERTILE_AGES
    return [
        _msg(i, m, f"pregnant only if female and aged {lo}-{hi} (sex {m.sex})", "pregnancy")
        for i, m in enumerate(hh.members)
        if m.months_pregnant > 0 and not pregnancy_allowed(m.age, m.sex)
    ]


def rule_breastfeeding(hh: Household) -> list[str]:
    """Breastfeeding only a female aged 12-55."""
    lo, hi = FERTILE_AGES
    return [
        _msg(i, m, f"breastfeeding only if female and aged {lo}-{hi} (sex {m.sex})", "breastfeeding")
        for i, m in enumerate(hh.members)
        if m.breastfeeding and not pregnancy_allowed(m.age, m.sex)
    ]


def rule_school_level_age(hh: Household) -> list[str]:
    """School level fits age: pre-K 3-5, K 4-6, grade g at ages g+4 to g+8, college from 16;
    'none' at any age."""
    return [
        _msg(i, m, f"school level {m.current_school_level!r} does not fit the age", "school_level_age")
        for i, m in enumerate(hh.members)
        if not _school_level_ok(m.current_school_level, m.age)
    ]


def rule_high_school_credential(hh: Household) -> list[str]:
    """Under 16, or currently in grades 1-12, a member has no high-school credential."""
    out = []
    for i, m in enumerate(hh.members):
        if m.high_school_equivalent == NO_DIPLOMA:
            continue
        if m.age < HSE_MIN_AGE:
            out.append(_msg(i, m, f"a {m.high_school_equivalent!r} only from age {HSE_MIN_AGE}", "high_school_credential"))
        elif m.current_school_level in GRADES:
            out.append(_msg(i, m, f"a {m.high_school_equivalent!r} while in grade {m.current_school_level}", "high_school_credential"))
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
            out.append(_msg(i, m, f"too young to work, but has {', '.join(bad)}", "no_child_labor"))
    return out


def rule_adult_only(hh: Household) -> list[str]:
    """Veteran service, VA benefits, SSDI, property ownership and similar flags only for adults
    (18+; licensed therapist 21+)."""
    out = []
    for i, m in enumerate(hh.members):
        bad = [f"{f} (from {lo})" for f, lo in ADULT_FLAGS.items() if getattr(m, f) and m.age < lo]
        if bad:
            out.append(_msg(i, m, f"too young for {', '.join(bad)}", "adult_only"))
    return out


def rule_emancipated_minor(hh: Household) -> list[str]:
    """An emancipated minor is aged 14-17."""
    lo, hi = EMANCIPATED_AGES
    return [
        _msg(i, m, f"an emancipated minor must be aged {lo}-{hi}", "emancipated_minor")
        for i, m in enumerate(hh.members)
        if m.emancipated_minor and not lo <= m.age <= hi
    ]


def rule_selective_service(hh: Household) -> list[str]:
    """Registered for Selective Service only a male 18+; eligible to register only a male 18-25."""
    out = []
    for i, m in enumerate(hh.members):
        for f in MALE_ONLY_FLAGS:
            if getattr(m, f) and not flag_allowed(f, m.age, m.sex):
                lo, hi = FLAG_AGE_RANGES[f]
                ages = f"{lo}+" if hi >= 999 else f"{lo}-{hi}"
                out.append(_msg(i, m, f"{f} only for a male aged {ages} (sex {m.sex})", "selective_service"))
    return out


def rule_parent_flag(hh: Household) -> list[str]:
    """is_parent is true for self and spouse when a child, stepchild or adopted child lives there."""
    if not any(m.relation in PARENTED_RELATIONS for m in hh.members):
        return []
    return [
        _msg(i, m, "is_parent must be true: the household has a child of the self", "parent_flag")
        for i, m in enumerate(hh.members)
        if m.relation in ("self", "spouse") and not m.is_parent
    ]


def rule_parent_age(hh: Household) -> list[str]:
    """is_parent only from age 12."""
    return [
        _msg(i, m, f"a parent must be at least {CHILD_GAP}", "parent_age")
        for i, m in enumerate(hh.members)
        if m.is_parent and m.age < CHILD_GAP
    ]


def rule_property_months(hh: Household) -> list[str]:
    """months_owned_property > 0 only for a property owner."""
    return [
        _msg(i, m, "months_owned_property > 0 but not a property owner", "property_months")
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
                out.append(_msg(i, m, f"{f} {getattr(m, f)} is more than the age allows ({cap})", "durations_within_age"))
    return out


def rule_filing_jointly(hh: Household) -> list[str]:
    """filing_jointly only for self or spouse, and only when the household has a spouse."""
    has_spouse = any(m.relation == "spouse" for m in hh.members)
    out = []
    for i, m in enumerate(hh.members):
        if not m.filing_jointly:
            continue
        if m.relation not in ("self", "spouse"):
            out.append(_msg(i, m, "only self or spouse can file jointly", "filing_jointly"))
        elif not has_spouse:
            out.append(_msg(i, m, "files jointly but the household has no spouse", "filing_jointly"))
    return out


def rule_self_not_dependent(hh: Household) -> list[str]:
    """The self is not their own tax dependent."""
    m = hh.members[0]
    return [_msg(0, m, "the self cannot be their own dependent", "self_not_dependent")] if m.dependent else []


def rule_gpa_needs_schooling(hh: Household) -> list[str]:
    """gpa > 0 only when in grades 1-12 or college, or with college credits."""
    return [
        _msg(i, m, f"has gpa {m.gpa} but is not in school ({m.current_school_level!r}) and has no college credits",
             "gpa_needs_schooling")
        for i, m in enumerate(hh.members)
        if m.gpa > 0 and not (m.current_school_level in GRADES or m.current_school_level == "college" or m.college_credits > 0)
    ]


def rule_college_age(hh: Household) -> list[str]:
    """College credits only from 14; accepted to CUNY only from 16."""
    out = []
    for i, m in enumerate(hh.members):
        if m.college_credits > 0 and m.age < COLLEGE_CREDITS_MIN_AGE:
            out.append(_msg(i, m, f"college credits only from age {COLLEGE_CREDITS_MIN_AGE}", "college_age"))
        if m.accepted_to_cuny and not flag_allowed("accepted_to_cuny", m.age, m.sex):
            out.append(_msg(i, m, f"accepted to CUNY only from age {COLLEGE_MIN_AGE}", "college_age"))
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
            out.append(_msg(i, m, f"works {m.work_hours_per_week} hours a week but has no work income", "work_hours_and_income"))
        elif m.work_hours_per_week == 0 and m.annual_work_income > 0:
            out.append(_msg(i, m, f"has work income {m.annual_work_income} but works 0 hours a week", "work_hours_and_income"))
        if m.works_outside_home and m.work_hours_per_week == 0:
            out.append(_msg(i, m, "works outside the home but works 0 hours a week", "work_hours_and_income"))
    return out


def rule_nyc_only_housing(hh: Household) -> list[str]:
    """A member living in a DHS or HRA shelter or in NYCHA housing lives in New York City."""
    return [
        _msg(i, m, f"lives in {m.housing_type!r} (NYC only) but place_of_residence is {m.place_of_residence!r}", "nyc_only_housing")
        for i, m in enumerate(hh.members)
        if m.housing_type in NYC_ONLY_HOUSING and m.place_of_residence != NYC
    ]


def rule_hra_in_nyc(hh: Household) -> list[str]:
    """Receiving HRA benefits means living in New York City (HRA is the city's social services
    agency; SNAP or cash assistance received elsewhere is not HRA's)."""
    return [
        _msg(i, m, f"receives HRA benefits but place_of_residence is {m.place_of_residence!r}", "hra_in_nyc")
        for i, m in enumerate(hh.members)
        if m.receives_hra and m.place_of_residence != NYC
    ]


# ---------------------------------------------------------------------------------------------
# Benefits and what they imply (issue 30). A profile read in the Play tab said "You receive
# Medicaid. You are not eligible for Medicaid."; a reviewer's household received Medicaid and did
# not qualify for health insurance. These rules are the contradictions a caseworker would call:
# receiving a benefit implies being eligible for it and having what it is, and a benefit needs
# the status it is paid for. Each check is (rule, feature, repaired value, why); the samplers
# repair a member with exactly these (`repair_member`), so rules and samplers cannot drift apart.
#
# Repair direction, decided once: a benefit the member receives is kept and what it implies is
# set (eligibility, coverage, HRA as the agency that pays it, work experience); a benefit whose
# basis is missing (a disability, veteran service, a Social Security number, lawful presence,
# cash assistance for WEP) is cleared, because the basis is the more primary fact of the person.
#
# Pairs a caseworker might also flag but left without a rule (docs/consistency.md says why):
# receives_cash_assistance vs receives_temporary_assistance and receives_disability_medicaid vs
# receives_medicaid (one program under two flags: the checkers' vocabulary reads either,
# checkers/facts.py), disabled vs the other disability flags (the vocabulary's "any"
# disability), health_insurance vs qualify_for_health_insurance (insured through a job or a
# family member's plan is not qualifying for a plan of one's own; the schema default is insured
# and not qualified).

SSI_AGE = 65  # SSI is paid to people aged 65+, blind or disabled
SSA_BENEFITS = ("receives_ssi", "receives_ssdi")
TEMPORARY_ASSISTANCE_FLAGS = ("receives_cash_assistance", "receives_temporary_assistance")
VA_BENEFITS = ("receives_va_disability", "va_healthcare")
CITIZEN = "citizen_or_national"
UNLAWFUL = "unlawful_resident"


def _getter(m):
    return m.get if isinstance(m, dict) else lambda n: getattr(m, n)


def _any_disability(g) -> bool:
    # the vocabulary's "any" disability (checkers/facts.py any_disability); v2 flags read False on v1
    return bool(g("disabled") or g("developmental_condition") or g("blind") or g("deaf_or_hearing_loss"))


def implication_problems(m) -> list[tuple[str, str, bool, str]]:
    """(rule, feature, repaired value, why) for every benefit contradiction of `m` (a Member or a
    dict of features); `repair_member` sets each feature to its repaired value. Each `why` names
    the fields (for import reports) and then says it in words."""
    g = _getter(m)
    out: list[tuple[str, str, bool, str]] = []
    medicaid = [f for f in ("receives_medicaid", "receives_disability_medicaid") if g(f)]
    ssa = [f for f in SSA_BENEFITS if g(f)]
    ta = [f for f in TEMPORARY_ASSISTANCE_FLAGS if g(f)]
    # Benefits need their basis (cleared when it is missing).
    for f in ("receives_ssdi", "receives_disability_medicaid", "receives_ssi"):
        if g(f) and not _any_disability(g) and not (f == "receives_ssi" and g("age") >= SSI_AGE):
            basis = f"under {SSI_AGE} and " if f == "receives_ssi" else ""
            out.append(("disability_benefit_basis", f, False,
                        f"{f} true but {basis}disabled, developmental_condition, blind and deaf_or_hearing_loss false: "
                        "a disability benefit without a disability"))
    for f in ssa:
        if g("citizenship") == UNLAWFUL:
            out.append(("ssa_benefit_status", f, False,
                        f"{f} true but citizenship {UNLAWFUL!r}: SSA pays only people lawfully present"))
        elif not g("has_ssn"):
            out.append(("ssa_benefit_status", "has_ssn", True, f"{f} true but has_ssn false: SSA pays on a Social Security number"))
    if not (g("honorable_service") or g("conflict_veteran")):
        for f in VA_BENEFITS:
            if g(f):
                out.append(("va_benefit_veteran", f, False,
                            f"{f} true but honorable_service and conflict_veteran false: a veterans' benefit without service"))
    if g("wep") and not ta:
        out.append(("wep_cash_assistance", "wep", False,
                    "wep true but receives_cash_assistance and receives_temporary_assistance false: WEP is for cash assistance recipients"))
    # Receiving implies eligibility and what the benefit is (set).
    if medicaid and not g("eligible_for_medicaid"):
        out.append(("medicaid_eligible", "eligible_for_medicaid", True,
                    f"{medicaid[0]} true but eligible_for_medicaid false: receives Medicaid but is not eligible for Medicaid"))
    if g("receives_ssi") and not g("eligible_for_medicaid"):
        out.append(("ssi_medicaid", "eligible_for_medicaid", True,
                    "receives_ssi true but eligible_for_medicaid false: New York gives SSI recipients Medicaid"))
    if medicaid and not g("health_insurance"):
        out.append(("medicaid_insured", "health_insurance", True,
                    f"{medicaid[0]} true but health_insurance false: receives Medicaid but has no health insurance"))
    basis = medicaid + [f for f in ("eligible_for_medicaid", "receives_ssi") if g(f)]
    if basis and not g("qualify_for_health_insurance"):
        out.append(("medicaid_qualifies", "qualify_for_health_insurance", True,
                    f"{basis[0]} true but qualify_for_health_insurance false: Medicaid is a health plan they qualify for"))
    if ssa and not g("has_received_ssi_or_ssdi"):
        out.append(("ssi_ssdi_received", "has_received_ssi_or_ssdi", True,
                    f"{ssa[0]} true but has_received_ssi_or_ssdi false: paid now means paid before"))
    hra = [f for f in ("receives_snap", *TEMPORARY_ASSISTANCE_FLAGS) if g(f)]
    if g("place_of_residence") == NYC and hra and not g("receives_hra"):
        out.append(("nyc_benefits_hra", "receives_hra", True,
                    f"{hra[0]} true in New York City but receives_hra false: HRA administers it in the city"))
    if g("in_foster_care") and g("place_of_residence") == NYC and not g("acs"):
        out.append(("foster_care_acs", "acs", True,
                    "in_foster_care true in New York City but acs false: foster care in the city is ACS's"))
    if g("housing_type") == "HRA shelter" and not g("eligible_for_hra_shelter"):
        out.append(("hra_shelter_eligible", "eligible_for_hra_shelter", True,
                    "housing_type 'HRA shelter' but eligible_for_hra_shelter false: lives in one, so is eligible"))
    if g("age") < WORK_MIN_AGE:
        pass  # any work under 14 is reported by no_child_labor
    elif (g("work_hours_per_week") > 0 or g("lost_job")) and not g("work_experience"):
        cause = "work_hours_per_week > 0" if g("work_hours_per_week") > 0 else "lost_job true"
        out.append(("work_experience", "work_experience", True, f"{cause} but work_experience false"))
    if g("work_experience") and not g("work_or_volunteer_experience"):
        out.append(("work_experience", "work_or_volunteer_experience", True,
                    "work_experience true but work_or_volunteer_experience false"))
    if g("citizenship") == CITIZEN:
        for f in ("authorized_to_work_in_us", "work_authorization"):
            if not g(f):
                out.append(("citizen_work_authorization", f, True, f"citizenship {CITIZEN!r} but {f} false"))
    if g("authorized_to_work_in_us") != g("work_authorization"):
        out.append(("work_authorization_same", "work_authorization", g("authorized_to_work_in_us"),
                    f"authorized_to_work_in_us {g('authorized_to_work_in_us')} but work_authorization "
                    f"{g('work_authorization')}: two v1 keys with one meaning"))
    if g("dependent") and g("provides_over_half_of_own_financial_support"):
        out.append(("dependent_support", "dependent", False,
                    "dependent true but provides_over_half_of_own_financial_support true: fails the dependency test"))
    if g("dependent") and g("relation") == "spouse":
        out.append(("spouse_not_dependent", "dependent", False, "dependent true for the spouse: a spouse is never a dependent"))
    return out


def repair_member(d: dict) -> dict:
    """Set every feature `implication_problems` names to its repaired value, until none is left
    (a repair can reveal another: clearing SSI can leave has_ssn to set). No randomness: a
    member that keeps the rules is untouched, so samplers keep their streams. Returns `d`."""
    for _ in range(8):
        problems = implication_problems(d)
        if not problems:
            return d
        for _rule, f, value, _why in problems:
            d[f] = value
    raise AssertionError(f"repair_member did not settle: {implication_problems(d)}")


def _implication_rule(name: str) -> Rule:
    def rule(hh: Household) -> list[str]:
        return [_msg(i, m, why, name) for i, m in enumerate(hh.members)
                for r, _f, _v, why in implication_problems(m) if r == name]
    rule.__name__ = f"rule_{name}"
    return rule


def _doc(rule: Rule, doc: str) -> Rule:
    rule.__doc__ = doc
    return rule


# name -> the rule's statement and reason (its docstring, listed in RULES and docs/consistency.md)
IMPLICATION_RULES: dict[str, str] = {
    "medicaid_eligible": "Receiving Medicaid (receives_medicaid or receives_disability_medicaid) implies "
                         "eligible_for_medicaid: receiving a benefit implies being eligible for it.",
    "ssi_medicaid": "Receiving SSI implies eligible_for_medicaid: New York gives every SSI recipient Medicaid "
                    "(a section 1634 state; no separate application).",
    "medicaid_insured": "Receiving Medicaid (either flag) implies health_insurance: Medicaid is health insurance.",
    "medicaid_qualifies": "Receiving or being eligible for Medicaid (or receiving SSI, which brings Medicaid) implies "
                          "qualify_for_health_insurance: Medicaid is a health plan available in New York State "
                          "(the reviewer's NYC Care household received Medicaid and qualified for no plan).",
    "ssi_ssdi_received": "Receiving SSI or SSDI implies has_received_ssi_or_ssdi: a person paid now has been paid.",
    "disability_benefit_basis": "SSDI and disability Medicaid only with a disability, SSI only aged 65+ or with a "
                                "disability (disabled, developmental_condition, blind or deaf_or_hearing_loss: the "
                                "vocabulary's \"any\" disability): these benefits are paid for the disability.",
    "ssa_benefit_status": "SSI and SSDI only with a Social Security number and not as an unlawful resident: SSA pays "
                          "benefits on an SSN, and only to people lawfully present.",
    "va_benefit_veteran": "VA disability benefits and VA health care only for someone who served (honorable_service "
                          "or conflict_veteran): both are veterans' benefits.",
    "wep_cash_assistance": "The Work Experience Program (wep) only with cash assistance or Temporary Assistance: WEP "
                           "is HRA's work assignment for cash assistance recipients.",
    "nyc_benefits_hra": "In New York City, receiving SNAP, cash assistance or Temporary Assistance implies "
                        "receives_hra: HRA administers those benefits in the city.",
    "foster_care_acs": "In foster care in New York City implies acs: ACS is responsible for every child in foster "
                       "care in the city.",
    "hra_shelter_eligible": "Living in an HRA shelter implies eligible_for_hra_shelter: living there is receiving it.",
    "work_experience": "Working (work_hours_per_week > 0) or having lost a job implies work_experience, and work "
                       "experience implies work_or_volunteer_experience.",
    "citizen_work_authorization": "A citizen or national is authorized to work (authorized_to_work_in_us and "
                                  "work_authorization).",
    "work_authorization_same": "authorized_to_work_in_us and work_authorization agree: the schema gives them one "
                               "meaning (two v1 keys read by different programs).",
    "dependent_support": "A tax dependent does not provide over half of their own support: that is the dependency "
                         "test the feature records.",
    "spouse_not_dependent": "A spouse is never the self's tax dependent (a spouse is not a qualifying child or "
                            "relative).",
}
_IMPLICATION_FUNCS: tuple[Rule, ...] = tuple(
    _doc(_implication_rule(name), doc) for name, doc in IMPLICATION_RULES.items()
)


# ---------------------------------------------------------------------------------------------
# Feature schema version 2 (docs/features-v2.md). A version-1 household has every version-2
# feature false, so these rules hold for it trivially.

MEDICARE_AGE = 65  # Medicare for age; younger only with a disability (SSDI for 24 months, ESRD, ALS)
SCRIE_MIN_AGE = 62
DRIE_MIN_AGE = 18
# Rent-regulated homes the rent freeze (SCRIE, DRIE) applies to: the union of the two programs'
# housing lists in the 2024 checkers (senior_citizen_/disability_rent_increase_exemption).
RENT_FREEZE_HOUSING = (
    "rent stabilized apartment",
    "rent controlled apartment",
    "rent regulated hotel",
    "rent regulated single room occupancy (SRO)",
    "mitchell-lama development",
    "limited dividend development",
    "redevelopment company development",
    "Housing Development Fund Corporation (HDFC) development",
    "Section 213 coop",
)
# School levels served by the National School Lunch Program (pre-K through grade 12).
NSLP_LEVELS = ("pk", "k", *GRADES)
FAIR_FARES_AGES = (18, 64)  # Fair Fares NYC's own age range


def _v2_checks(m) -> list[tuple[str, str, str]]:
    """(rule, feature, why) for every version-2 flag `m` has set against the rules below."""
    g = _getter(m)
    out = []
    if g("receives_medicare") and g("age") < MEDICARE_AGE and not (
            g("disabled") or g("receives_ssdi") or g("has_received_ssi_or_ssdi")):
        out.append(("medicare", "receives_medicare", f"Medicare under {MEDICARE_AGE} only with a disability or SSDI"))
    if g("receives_medicare") and not g("health_insurance"):
        out.append(("medicare_insured", "receives_medicare", "receives_medicare true but health_insurance false: Medicare is health insurance"))
    for f in ("receives_scrie", "receives_drie"):
        if not g(f):
            continue
        if not g("name_is_on_lease") or g("housing_type") not in RENT_FREEZE_HOUSING or g("place_of_residence") != NYC:
            out.append(("rent_freeze", f, "a rent freeze only for an NYC tenant on the lease of a rent-regulated home"))
        elif f == "receives_scrie" and g("age") < SCRIE_MIN_AGE:
            out.append(("rent_freeze", f, f"SCRIE only from age {SCRIE_MIN_AGE}"))
        elif f == "receives_drie" and (g("age") < DRIE_MIN_AGE or not (
                g("receives_ssi") or g("receives_ssdi") or g("receives_va_disability") or g("receives_disability_medicaid"))):
            out.append(("rent_freeze", f, f"DRIE only from age {DRIE_MIN_AGE} with a disability benefit (SSI, SSDI, VA disability, disability Medicaid)"))
    if g("receives_scrie") and g("receives_drie"):
        out.append(("rent_freeze_one_kind", "receives_drie", "receives_scrie and receives_drie both true: one rent freeze"))
    if g("attends_nslp_school") and g("current_school_level") not in NSLP_LEVELS:
        out.append(("school_meals", "attends_nslp_school", "a school in the lunch program only for a pre-K to grade 12 student"))
    if g("receives_free_or_reduced_lunch") and not (g("attends_nslp_school") and g("current_school_level") in NSLP_LEVELS):
        out.append(("school_meals", "receives_free_or_reduced_lunch", "school meals only for a student of a school in the lunch program"))
    lo, hi = FAIR_FARES_AGES
    if g("fair_fares_participant") and not (lo <= g("age") <= hi and g("place_of_residence") == NYC):
        out.append(("fair_fares_participant", "fair_fares_participant", f"Fair Fares only for an NYC resident aged {lo}-{hi}"))
    return out


def v2_problems(m) -> list[tuple[str, str]]:
    """(feature, why) for every version-2 flag that `m` (a Member or a dict of features) has set
    against the rules below; samplers clear exactly these (only version-2 flags, so a version-2
    household keeps its version-1 features as drawn)."""
    return [(f, why) for _rule, f, why in _v2_checks(m)]


def _v2_rule(name: str) -> Rule:
    def rule(hh: Household) -> list[str]:
        return [_msg(i, m, why, name) for i, m in enumerate(hh.members)
                for r, _f, why in _v2_checks(m) if r == name]
    return rule


rule_medicare = _doc(_v2_rule("medicare"),
                     """Medicare (schema v2) under 65 only with a disability, SSDI, or SSI/SSDI received before.""")
rule_medicare_insured = _doc(_v2_rule("medicare_insured"),
                             """Receiving Medicare (schema v2) implies health_insurance: Medicare is health insurance
    (the samplers clear receives_medicare, so a version-2 household keeps its version-1 features).""")
rule_rent_freeze = _doc(_v2_rule("rent_freeze"), """Receiving SCRIE or DRIE (schema v2) only as an NYC tenant named on the lease of a
    rent-regulated home; SCRIE from 62; DRIE from 18 with SSI, SSDI, VA disability or disability
    Medicaid.""")
rule_rent_freeze_one_kind = _doc(_v2_rule("rent_freeze_one_kind"), """Not both SCRIE and DRIE (schema v2): the rent freeze is one
    benefit, granted under one of the two programs.""")
rule_school_meals = _doc(_v2_rule("school_meals"), """A school in the National School Lunch Program (schema v2) only for a pre-K to grade 12
    student; free or reduced-price school meals only for a student of such a school.""")
rule_fair_fares_participant = _doc(_v2_rule("fair_fares_participant"),
                                   """Enrolled in Fair Fares NYC (schema v2) only an NYC resident aged 18-64.""")
for _f, _n in ((rule_medicare, "medicare"), (rule_medicare_insured, "medicare_insured"), (rule_rent_freeze, "rent_freeze"),
               (rule_rent_freeze_one_kind, "rent_freeze_one_kind"), (rule_school_meals, "school_meals"),
               (rule_fair_fares_participant, "fair_fares_participant")):
    _f.__name__ = f"rule_{_n}"


_RULE_FUNCS: tuple[Rule, ...] = (
    rule_one_self,
    rule_at_most_one_spouse,
    rule_self_min_age,
    rule_marriage_age,
    rule_child_age_gap,
    rule_grandchild_age_gap,
    rule_foster_care_age,
    rule_foster_age_out,
    rule_pregnancy,
    rule_breastfeeding,
    rule_school_level_age,
    rule_high_school_credential,
    rule_no_child_labor,
    rule_adult_only,
    rule_emancipated_minor,
    rule_selective_service,
    rule_parent_flag,
    rule_parent_age,
    rule_property_months,
    rule_durations_within_age,
    rule_filing_jointly,
    rule_self_not_dependent,
    rule_gpa_needs_schooling,
    rule_college_age,
    rule_work_hours_and_income,
    rule_nyc_only_housing,
    rule_hra_in_nyc,
    *_IMPLICATION_FUNCS,
    rule_medicare,
    rule_medicare_insured,
    rule_rent_freeze,
    rule_rent_freeze_one_kind,
    rule_school_meals,
    rule_fair_fares_participant,
)
# Rules added in issue 30 (benefit contradictions): docs/consistency.md counts what each removed.
ISSUE30_RULES: tuple[str, ...] = (*IMPLICATION_RULES, "medicare_insured", "rent_freeze_one_kind")

RULE_FUNCTIONS: dict[str, Rule] = {f.__name__.removeprefix("rule_"): f for f in _RULE_FUNCS}
RULES: tuple[tuple[str, str], ...] = tuple(
    (name, " ".join((f.__doc__ or "").split())) for name, f in RULE_FUNCTIONS.items()
)


def violations(hh: Household) -> list[str]:
    """One message per broken rule and member, in rule order; empty when the household is consistent."""
    out: list[str] = []
    for f in _RULE_FUNCS:
        out.extend(f(hh))
    return out


def broken_rules(hh: Household) -> list[str]:
    """Names of the rules `hh` breaks, each once, in rule order."""
    return [name for name, f in RULE_FUNCTIONS.items() if f(hh)]
