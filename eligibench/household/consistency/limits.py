"""The limits the consistency rules check and the samplers draw within: ages for relations,
fertility, work, schooling and the per-feature age ranges (one table for both, so they cannot drift)."""
from __future__ import annotations

import random
from typing import Iterable

# ---------------------------------------------------------------------------------------------
# Limits shared by the rules and the samplers.

# The person answering applies for the household's benefits: 16, the age New York's compulsory
# schooling ends (Education Law section 3205) and the youngest who usually lives on their own; a
# 14- or 15-year-old answers only as a runaway youth on their own (NYC's runaway and homeless
# youth drop-in centers serve unaccompanied youth from 14). v1 allowed any self from 14; the
# Diverse scan found 14- and 15-year-old selves applying for tax credits with nothing to say why.
# SELF_MIN_AGE stays the absolute floor (age bounds and the fuzzer's draws are unchanged).
SELF_MIN_AGE = 14
SELF_ALONE_MIN_AGE = 16
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
# New York has no emancipation statute: its courts find a minor emancipated who is economically
# independent of their parents, which compulsory schooling (to 16, Education Law section 3205)
# rules out before 16.
EMANCIPATED_AGES = (16, 17)
# Runaway youth: New York's Runaway and Homeless Youth Act (Executive Law section 532-a) covers a
# runaway under 18 and homeless young adults to 24, and the youth programs that ask (WIOA
# out-of-school youth: Train & Earn, Learn & Earn) serve ages 16-24: none counts anyone 25+ as a
# runaway youth. From 12: a younger child who leaves home is a missing child, not a youth served
# by runaway programs (and the population model draws runaways at 12-17).
RUNAWAY_AGES = (12, 24)
# An ATIN (IRS Form W-7A) is issued for a child placed for adoption while the child's SSN cannot
# be had, and expires after two years: a minor.
ATIN_AGES = (0, 17)
# Juvenile delinquency starts at 12 in New York (Family Court Act section 301.2, as amended in
# 2022); the youngest age tried as a juvenile offender and so imprisoned is 13 (Penal Law
# section 30.00).
JUSTICE_MIN_AGE = 12
IMPRISONMENT_MIN_AGE = 13
# Math and English proficiency are read as college readiness (CUNY's proficiency measures: Regents
# or SAT scores, taken in high school): not a child's. The population model draws them from 12.
READINESS_MIN_AGE = 12
# Weekly work hours a minor may work in New York (Labor Law section 142): 14-15, 18 in a school
# week and 40 in a vacation week; 16-17, 28 and 48. The schema has no school calendar: the
# vacation-week limits.
MINOR_WEEKLY_HOURS = {14: 40, 15: 40, 16: 48, 17: 48}

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
    # paid funeral expenses: a funeral contract needs contractual capacity (18, General
    # Obligations Law section 3-101); FEMA's COVID-19 funeral assistance pays the adult who paid
    "covid_funeral_expenses": 18,
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
    "is_runaway": RUNAWAY_AGES,
    "has_atin": ATIN_AGES,
    "involved_in_justice_system": (JUSTICE_MIN_AGE, 999),
    "imprisonment": (IMPRISONMENT_MIN_AGE, 999),
    "proficient_in_math": (READINESS_MIN_AGE, 999),
    "proficient_in_english_reading_and_writing": (READINESS_MIN_AGE, 999),
}
# Flags some relations to the self cannot have (feature -> relations that cannot):
# - a runaway youth is away from the home of their parent or guardian, so is not living with the
#   self as their child (stepchild, adopted or foster child) or as the self's spouse;
# - an ATIN is issued to the taxpayer adopting the child: never the self or the spouse;
# - an emancipated minor is free of their parents' custody and support: not living with the self
#   as their child (or foster child, who is in the state's custody);
# - foster care places a child away from their parents: not the self's child, stepchild (the
#   spouse's child) or adopted child (adoption ends foster care).
PARENTS_CHILDREN = ("child", "stepchild", "adopted child")
FLAG_EXCLUDED_RELATIONS: dict[str, tuple[str, ...]] = {
    "is_runaway": ("spouse", *PARENTS_CHILDREN, "foster child"),
    "has_atin": ("self", "spouse"),
    "emancipated_minor": (*PARENTS_CHILDREN, "foster child"),
    "in_foster_care": PARENTS_CHILDREN,
}
MALE_ONLY_FLAGS = ("selective_service", "is_eligible_for_selective_service")
FEMALE_ONLY_FLAGS = ("breastfeeding",)


def flag_allowed(feature: str, age: int, sex: str, relation: str | None = None) -> bool:
    """Whether a member of this age and sex (and `relation`, when given) may have boolean
    `feature` true."""
    if relation is not None and relation in FLAG_EXCLUDED_RELATIONS.get(feature, ()):
        return False
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
    if feature == "work_hours_per_week" and age in MINOR_WEEKLY_HOURS:
        return MINOR_WEEKLY_HOURS[age]
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


def school_level_ok(level, age: int) -> bool:
    return level in school_levels_for_age(age)


__all__ = [
    "ADULT_FLAGS",
    "ATIN_AGES",
    "CHILD_GAP",
    "CHILD_RELATIONS",
    "COLLEGE_CREDITS_MIN_AGE",
    "COLLEGE_MIN_AGE",
    "EMANCIPATED_AGES",
    "FEMALE_ONLY_FLAGS",
    "FERTILE_AGES",
    "FLAG_AGE_RANGES",
    "FLAG_EXCLUDED_RELATIONS",
    "FOSTER_CARE_MAX_AGE",
    "GRADES",
    "GRANDCHILD_GAP",
    "HSE_MIN_AGE",
    "IMPRISONMENT_MIN_AGE",
    "JUSTICE_MIN_AGE",
    "MALE_ONLY_FLAGS",
    "MAX_AGE",
    "MINOR_WEEKLY_HOURS",
    "NO_DIPLOMA",
    "NYC",
    "NYC_ONLY_HOUSING",
    "PARENTED_RELATIONS",
    "PARENTS_CHILDREN",
    "READINESS_MIN_AGE",
    "RUNAWAY_AGES",
    "SELF_ALONE_MIN_AGE",
    "SELF_MIN_AGE",
    "SPOUSE_MIN_AGE",
    "WORK_FLAGS",
    "WORK_MIN_AGE",
    "WORK_NUMBERS",
    "age_bounds",
    "flag_allowed",
    "min_self_age",
    "numeric_cap",
    "plausible_age",
    "pregnancy_allowed",
    "school_level_for_age",
    "school_level_ok",
    "school_levels_for_age",
]
