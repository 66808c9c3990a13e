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

from eligibench.household.consistency.benefit_rules import (
    CITIZEN,
    IMPLICATION_FUNCS,
    IMPLICATION_RULES,
    SSA_BENEFITS,
    SSI_AGE,
    TEMPORARY_ASSISTANCE_FLAGS,
    UNLAWFUL,
    VA_BENEFITS,
    implication_problems,
    repair_member,
)
from eligibench.household.consistency.core_rules import (
    Rule,
    member_message,
    rule_adult_only,
    rule_at_most_one_spouse,
    rule_breastfeeding,
    rule_child_age_gap,
    rule_college_age,
    rule_durations_within_age,
    rule_filing_jointly,
    rule_foster_age_out,
    rule_foster_care_age,
    rule_gpa_needs_schooling,
    rule_grandchild_age_gap,
    rule_high_school_credential,
    rule_hra_in_nyc,
    rule_marriage_age,
    rule_no_child_labor,
    rule_nyc_only_housing,
    rule_one_self,
    rule_parent_age,
    rule_parent_flag,
    rule_pregnancy,
    rule_property_months,
    rule_school_level_age,
    rule_selective_service,
    rule_self_min_age,
    rule_self_not_dependent,
    rule_work_hours_and_income,
)
from eligibench.household.consistency.limits import (
    ADULT_FLAGS,
    ATIN_AGES,
    CHILD_GAP,
    CHILD_RELATIONS,
    COLLEGE_CREDITS_MIN_AGE,
    COLLEGE_MIN_AGE,
    EMANCIPATED_AGES,
    FEMALE_ONLY_FLAGS,
    FERTILE_AGES,
    FLAG_AGE_RANGES,
    FLAG_EXCLUDED_RELATIONS,
    FOSTER_CARE_MAX_AGE,
    GRADES,
    GRANDCHILD_GAP,
    HSE_MIN_AGE,
    IMPRISONMENT_MIN_AGE,
    JUSTICE_MIN_AGE,
    MALE_ONLY_FLAGS,
    MAX_AGE,
    MINOR_WEEKLY_HOURS,
    NO_DIPLOMA,
    NYC,
    NYC_ONLY_HOUSING,
    PARENTED_RELATIONS,
    PARENTS_CHILDREN,
    READINESS_MIN_AGE,
    RUNAWAY_AGES,
    SELF_ALONE_MIN_AGE,
    SELF_MIN_AGE,
    SPOUSE_MIN_AGE,
    WORK_FLAGS,
    WORK_MIN_AGE,
    WORK_NUMBERS,
    age_bounds,
    flag_allowed,
    min_self_age,
    numeric_cap,
    plausible_age,
    pregnancy_allowed,
    school_level_for_age,
    school_levels_for_age,
)
from eligibench.household.consistency.status_rules import (
    STATUS_RULE_FUNCS,
    clear_bound_flags,
    rule_atin,
    rule_college_readiness_age,
    rule_emancipated_minor,
    rule_foster_care_relation,
    rule_justice_age,
    rule_minor_work_hours,
    rule_runaway_youth,
    rule_taxpayer_numbers,
    taxpayer_number_problems,
)
from eligibench.household.consistency.v2_rules import (
    DRIE_MIN_AGE,
    FAIR_FARES_AGES,
    MEDICARE_AGE,
    NSLP_LEVELS,
    RENT_FREEZE_HOUSING,
    SCRIE_MIN_AGE,
    rule_fair_fares_participant,
    rule_medicare,
    rule_medicare_insured,
    rule_rent_freeze,
    rule_rent_freeze_one_kind,
    rule_school_meals,
    v2_problems,
)
from eligibench.household.model import Household

__all__ = [
    "ADULT_FLAGS",
    "ATIN_AGES",
    "CHILD_GAP",
    "CHILD_RELATIONS",
    "CITIZEN",
    "COLLEGE_CREDITS_MIN_AGE",
    "COLLEGE_MIN_AGE",
    "DRIE_MIN_AGE",
    "EMANCIPATED_AGES",
    "FAIR_FARES_AGES",
    "FEMALE_ONLY_FLAGS",
    "FERTILE_AGES",
    "FLAG_AGE_RANGES",
    "FLAG_EXCLUDED_RELATIONS",
    "FOSTER_CARE_MAX_AGE",
    "GRADES",
    "GRANDCHILD_GAP",
    "HSE_MIN_AGE",
    "IMPLICATION_FUNCS",
    "IMPLICATION_RULES",
    "IMPRISONMENT_MIN_AGE",
    "ISSUE30_RULES",
    "JUSTICE_MIN_AGE",
    "MALE_ONLY_FLAGS",
    "MAX_AGE",
    "MEDICARE_AGE",
    "MINOR_WEEKLY_HOURS",
    "NO_DIPLOMA",
    "NSLP_LEVELS",
    "NYC",
    "NYC_ONLY_HOUSING",
    "PARENTED_RELATIONS",
    "PARENTS_CHILDREN",
    "READINESS_MIN_AGE",
    "RENT_FREEZE_HOUSING",
    "RULES",
    "RULE_FUNCTIONS",
    "RUNAWAY_AGES",
    "Rule",
    "SCRIE_MIN_AGE",
    "SELF_ALONE_MIN_AGE",
    "SELF_MIN_AGE",
    "SPOUSE_MIN_AGE",
    "SSA_BENEFITS",
    "SSI_AGE",
    "STATUS_RULES",
    "STATUS_RULE_FUNCS",
    "TEMPORARY_ASSISTANCE_FLAGS",
    "UNLAWFUL",
    "VA_BENEFITS",
    "WORK_FLAGS",
    "WORK_MIN_AGE",
    "WORK_NUMBERS",
    "age_bounds",
    "broken_rules",
    "clear_bound_flags",
    "flag_allowed",
    "implication_problems",
    "min_self_age",
    "numeric_cap",
    "plausible_age",
    "pregnancy_allowed",
    "repair_member",
    "rule_adult_only",
    "rule_at_most_one_spouse",
    "rule_atin",
    "rule_breastfeeding",
    "rule_child_age_gap",
    "rule_college_age",
    "rule_college_readiness_age",
    "rule_durations_within_age",
    "rule_emancipated_minor",
    "rule_fair_fares_participant",
    "rule_filing_jointly",
    "rule_foster_age_out",
    "rule_foster_care_age",
    "rule_foster_care_relation",
    "rule_gpa_needs_schooling",
    "rule_grandchild_age_gap",
    "rule_high_school_credential",
    "rule_hra_in_nyc",
    "rule_justice_age",
    "rule_marriage_age",
    "rule_medicare",
    "rule_medicare_insured",
    "rule_minor_work_hours",
    "rule_no_child_labor",
    "rule_nyc_only_housing",
    "rule_one_self",
    "rule_parent_age",
    "rule_parent_flag",
    "rule_pregnancy",
    "rule_property_months",
    "rule_rent_freeze",
    "rule_rent_freeze_one_kind",
    "rule_runaway_youth",
    "rule_school_level_age",
    "rule_school_meals",
    "rule_selective_service",
    "rule_self_min_age",
    "rule_self_not_dependent",
    "rule_taxpayer_numbers",
    "rule_work_hours_and_income",
    "school_level_for_age",
    "school_levels_for_age",
    "taxpayer_number_problems",
    "v2_problems",
    "violations",
]

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
    *STATUS_RULE_FUNCS,
    *IMPLICATION_FUNCS,
    rule_medicare,
    rule_medicare_insured,
    rule_rent_freeze,
    rule_rent_freeze_one_kind,
    rule_school_meals,
    rule_fair_fares_participant,
)
# Rules of age-, sex- and relation-bound statuses added by the scan of every feature
# (docs/consistency.md, "Statuses bound to an age, a sex or a relation").
STATUS_RULES: tuple[str, ...] = tuple(f.__name__.removeprefix("rule_") for f in STATUS_RULE_FUNCS)
# Rules added in issue 30 (benefit contradictions): docs/consistency.md counts what each removed.
ISSUE30_RULES: tuple[str, ...] = (*IMPLICATION_RULES, "medicare_insured", "rent_freeze_one_kind")

RULE_FUNCTIONS: dict[str, Rule] = {f.__name__.removeprefix("rule_"): f for f in _RULE_FUNCS}
RULES: tuple[tuple[str, str], ...] = tuple(
    (name, " ".join((f.__doc__ or "").split())) for name, f in RULE_FUNCTIONS.items()
)


_IMPLICATION_NAMES = {f: f.__name__.removeprefix("rule_") for f in IMPLICATION_FUNCS}


def violations(hh: Household) -> list[str]:
    """One message per broken rule and member, in rule order; empty when the household is consistent.

    The benefit rules share one `implication_problems` per member (each rule alone would compute
    it again: 17 times the work, measured as most of the fuzzer's second pass)."""
    out: list[str] = []
    problems = None
    for f in _RULE_FUNCS:
        name = _IMPLICATION_NAMES.get(f)
        if name is None:
            out.extend(f(hh))
            continue
        if problems is None:
            problems = [implication_problems(m) for m in hh.members]
        out.extend(member_message(i, m, why, name) for i, m in enumerate(hh.members)
                   for r, _f, _v, why in problems[i] if r == name)
    return out


def broken_rules(hh: Household) -> list[str]:
    """Names of the rules `hh` breaks, each once, in rule order."""
    return [name for name, f in RULE_FUNCTIONS.items() if f(hh)]
