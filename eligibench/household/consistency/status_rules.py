"""Statuses bound to an age, a sex or a relation, and statuses that exclude each other: the rules
a scan of every feature of both schemas added after the Diverse households were found to hold a
93-year-old runaway youth with an SSN, an ITIN and an Adoption Taxpayer Identification Number.

The limits live in `limits` (`FLAG_AGE_RANGES`, `FLAG_EXCLUDED_RELATIONS`, `MINOR_WEEKLY_HOURS`),
so the samplers draw within what these rules check; docs/consistency.md gives each rule's
source or reason. `taxpayer_number_problems` is the one repair (no draws): an SSN is kept and
the numbers it excludes cleared, as `repair_member` does for benefits.
"""
from __future__ import annotations

from eligibench.household.consistency.core_rules import member_message
from eligibench.household.consistency.limits import (
    FEMALE_ONLY_FLAGS,
    FLAG_AGE_RANGES,
    FLAG_EXCLUDED_RELATIONS,
    MALE_ONLY_FLAGS,
    MINOR_WEEKLY_HOURS,
    flag_allowed,
)
from eligibench.household.model import Household, Member

_BOUND_FLAGS = tuple(sorted({*FLAG_AGE_RANGES, *FLAG_EXCLUDED_RELATIONS, *MALE_ONLY_FLAGS, *FEMALE_ONLY_FLAGS}))


def _flag_messages(hh: Household, features: tuple[str, ...], rule: str) -> list[str]:
    """One message per member holding one of `features` outside its ages or relations."""
    out = []
    for i, m in enumerate(hh.members):
        for f in features:
            if not getattr(m, f) or flag_allowed(f, m.age, m.sex, m.relation):
                continue
            lo, hi = FLAG_AGE_RANGES.get(f, (0, 999))
            ages = f"{lo}+" if hi >= 999 else f"{lo}-{hi}"
            if m.relation in FLAG_EXCLUDED_RELATIONS.get(f, ()):
                text = f"{f} true for the self's {m.relation}" if m.relation != "self" else f"{f} true for the self"
            else:
                text = f"{f} true outside ages {ages}"
            out.append(member_message(i, m, text, rule))
    return out


def rule_runaway_youth(hh: Household) -> list[str]:
    """A runaway youth (is_runaway) is aged 12-24 and does not live with the self as their
    spouse, child, stepchild, adopted or foster child (a runaway is away from the parent's or
    guardian's home)."""
    return _flag_messages(hh, ("is_runaway",), "runaway_youth")


def rule_atin(hh: Household) -> list[str]:
    """An Adoption Taxpayer Identification Number (has_atin) only for a member under 18 who is
    neither the self nor the spouse: the IRS issues it to the adopting taxpayer for a child
    placed for adoption."""
    return _flag_messages(hh, ("has_atin",), "atin")


def taxpayer_number_problems(m: Member | dict) -> list[tuple[str, bool, str]]:
    """(feature, repaired value, why) for a member holding more than one taxpayer number: an
    SSN excludes an ITIN and an ATIN, an ITIN excludes an ATIN."""
    g = m.get if isinstance(m, dict) else (lambda n: getattr(m, n))
    out: list[tuple[str, bool, str]] = []
    if g("has_ssn"):
        for f in ("has_itin", "has_atin"):
            if g(f):
                out.append((f, False, f"has_ssn and {f} both true"))
    elif g("has_itin") and g("has_atin"):
        out.append(("has_atin", False, "has_itin and has_atin both true"))
    return out


def rule_taxpayer_numbers(hh: Household) -> list[str]:
    """At most one taxpayer number of SSN, ITIN and ATIN: the IRS issues an ITIN only to someone
    who cannot get an SSN (an ITIN holder who gets one must stop using the ITIN), and an ATIN only
    while the adopted child's SSN cannot be had."""
    return [member_message(i, m, why, "taxpayer_numbers")
            for i, m in enumerate(hh.members) for _f, _v, why in taxpayer_number_problems(m)]


def rule_emancipated_minor(hh: Household) -> list[str]:
    """An emancipated minor is aged 16-17, is not in foster care, and does not live with the
    self as their child, stepchild, adopted or foster child (emancipation ends the parents'
    custody and support; a minor in foster care is in the state's custody)."""
    out = _flag_messages(hh, ("emancipated_minor",), "emancipated_minor")
    out += [member_message(i, m, "emancipated_minor and in_foster_care both true", "emancipated_minor")
            for i, m in enumerate(hh.members) if m.emancipated_minor and m.in_foster_care]
    return out


def rule_foster_care_relation(hh: Household) -> list[str]:
    """Not in foster care while living with the self as their child, stepchild or adopted child:
    foster care places a child away from their parents, and adoption ends it."""
    out = []
    for i, m in enumerate(hh.members):
        if m.in_foster_care and m.relation in FLAG_EXCLUDED_RELATIONS["in_foster_care"]:
            out.append(member_message(i, m, f"in foster care while living with the self as their {m.relation}",
                                      "foster_care_relation"))
    return out


def rule_minor_work_hours(hh: Household) -> list[str]:
    """A minor works at most New York's weekly limit (Labor Law section 142, vacation weeks):
    40 hours at 14-15, 48 hours at 16-17."""
    return [
        member_message(i, m, f"works {m.work_hours_per_week} hours a week, over the {MINOR_WEEKLY_HOURS[m.age]} "
                             f"a {m.age}-year-old may", "minor_work_hours")
        for i, m in enumerate(hh.members)
        if m.age in MINOR_WEEKLY_HOURS and m.work_hours_per_week > MINOR_WEEKLY_HOURS[m.age]
    ]


def rule_justice_age(hh: Household) -> list[str]:
    """Involved in the justice system only from 12 (juvenile delinquency's lower age), a history
    of imprisonment only from 13 (the youngest juvenile offender)."""
    return _flag_messages(hh, ("involved_in_justice_system", "imprisonment"), "justice_age")


def rule_college_readiness_age(hh: Household) -> list[str]:
    """Proficient in math, or in English reading and writing, only from 12: the schema reads them
    as college readiness (CUNY's proficiency measures, met by high-school exam scores)."""
    return _flag_messages(hh, ("proficient_in_math", "proficient_in_english_reading_and_writing"),
                          "college_readiness_age")


def clear_bound_flags(d: dict) -> dict:
    """Clear every flag `d` (a member's features) holds outside its ages, sex or relations
    (`limits.flag_allowed`), and emancipation in foster care: no draws, so a sampler that calls it
    keeps its stream and every member that already kept these rules. Returns `d`."""
    for f in _BOUND_FLAGS:
        if d[f] and not flag_allowed(f, d["age"], d["sex"], d["relation"]):
            d[f] = False
    if d["emancipated_minor"] and d["in_foster_care"]:
        d["emancipated_minor"] = False
    return d


STATUS_RULE_FUNCS = (
    rule_runaway_youth,
    rule_atin,
    rule_taxpayer_numbers,
    rule_foster_care_relation,
    rule_minor_work_hours,
    rule_justice_age,
    rule_college_readiness_age,
)

__all__ = [
    "STATUS_RULE_FUNCS",
    "clear_bound_flags",
    "rule_atin",
    "rule_college_readiness_age",
    "rule_emancipated_minor",
    "rule_foster_care_relation",
    "rule_justice_age",
    "rule_minor_work_hours",
    "rule_runaway_youth",
    "rule_taxpayer_numbers",
    "taxpayer_number_problems",
]
