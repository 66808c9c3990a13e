"""Rules for the feature schema version 2 flags (docs/features-v2.md)."""
from __future__ import annotations

from eligibench.household.consistency.benefit_rules import (
    feature_getter,
    with_doc,
)
from eligibench.household.consistency.core_rules import (
    Rule,
    member_message,
)
from eligibench.household.consistency.limits import (
    GRADES,
    NYC,
)
from eligibench.household.model import Household

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
    g = feature_getter(m)
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
        return [member_message(i, m, why, name) for i, m in enumerate(hh.members)
                for r, _f, why in _v2_checks(m) if r == name]
    return rule


rule_medicare = with_doc(_v2_rule("medicare"),
                     """Medicare (schema v2) under 65 only with a disability, SSDI, or SSI/SSDI received before.""")
rule_medicare_insured = with_doc(_v2_rule("medicare_insured"),
                             """Receiving Medicare (schema v2) implies health_insurance: Medicare is health insurance
    (the samplers clear receives_medicare, so a version-2 household keeps its version-1 features).""")
rule_rent_freeze = with_doc(_v2_rule("rent_freeze"), """Receiving SCRIE or DRIE (schema v2) only as an NYC tenant named on the lease of a
    rent-regulated home; SCRIE from 62; DRIE from 18 with SSI, SSDI, VA disability or disability
    Medicaid.""")
rule_rent_freeze_one_kind = with_doc(_v2_rule("rent_freeze_one_kind"), """Not both SCRIE and DRIE (schema v2): the rent freeze is one
    benefit, granted under one of the two programs.""")
rule_school_meals = with_doc(_v2_rule("school_meals"), """A school in the National School Lunch Program (schema v2) only for a pre-K to grade 12
    student; free or reduced-price school meals only for a student of such a school.""")
rule_fair_fares_participant = with_doc(_v2_rule("fair_fares_participant"),
                                   """Enrolled in Fair Fares NYC (schema v2) only an NYC resident aged 18-64.""")
for _f, _n in ((rule_medicare, "medicare"), (rule_medicare_insured, "medicare_insured"), (rule_rent_freeze, "rent_freeze"),
               (rule_rent_freeze_one_kind, "rent_freeze_one_kind"), (rule_school_meals, "school_meals"),
               (rule_fair_fares_participant, "fair_fares_participant")):
    _f.__name__ = f"rule_{_n}"


__all__ = [
    "DRIE_MIN_AGE",
    "FAIR_FARES_AGES",
    "MEDICARE_AGE",
    "NSLP_LEVELS",
    "RENT_FREEZE_HOUSING",
    "SCRIE_MIN_AGE",
    "rule_fair_fares_participant",
    "rule_medicare",
    "rule_medicare_insured",
    "rule_rent_freeze",
    "rule_rent_freeze_one_kind",
    "rule_school_meals",
    "v2_problems",
]
