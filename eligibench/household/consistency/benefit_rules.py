"""Benefits and what they imply (issue 30): the contradictions a caseworker would call, and
`repair_member`, which fixes a member with exactly these checks."""
from __future__ import annotations

from eligibench.household.consistency.core_rules import (
    Rule,
    member_message,
)
from eligibench.household.consistency.limits import (
    NYC,
    WORK_MIN_AGE,
)
from eligibench.household.consistency.status_rules import taxpayer_number_problems
from eligibench.household.model import Household

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


def feature_getter(m):
    return m.get if isinstance(m, dict) else lambda n: getattr(m, n)


def any_disability(g) -> bool:
    # the vocabulary's "any" disability (checkers/facts.py any_disability); v2 flags read False on v1
    return bool(g("disabled") or g("developmental_condition") or g("blind") or g("deaf_or_hearing_loss"))


def implication_problems(m) -> list[tuple[str, str, bool, str]]:
    """(rule, feature, repaired value, why) for every benefit contradiction of `m` (a Member or a
    dict of features); `repair_member` sets each feature to its repaired value. Each `why` names
    the fields (for import reports) and then says it in words."""
    g = feature_getter(m)
    out: list[tuple[str, str, bool, str]] = []
    medicaid = [f for f in ("receives_medicaid", "receives_disability_medicaid") if g(f)]
    ssa = [f for f in SSA_BENEFITS if g(f)]
    ta = [f for f in TEMPORARY_ASSISTANCE_FLAGS if g(f)]
    # Benefits need their basis (cleared when it is missing).
    for f in ("receives_ssdi", "receives_disability_medicaid", "receives_ssi"):
        if g(f) and not any_disability(g) and not (f == "receives_ssi" and g("age") >= SSI_AGE):
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
    member that keeps the rules is untouched, so samplers keep their streams. Returns `d`.
    A member holding more than one taxpayer number keeps the SSN (or else the ITIN) and loses the
    others (`status_rules.taxpayer_number_problems`): setting has_ssn for SSA benefits can
    reveal one."""
    for _ in range(8):
        problems = [(f, value) for _rule, f, value, _why in implication_problems(d)]
        problems += [(f, value) for f, value, _why in taxpayer_number_problems(d)]
        if not problems:
            return d
        for f, value in problems:
            d[f] = value
    raise AssertionError(f"repair_member did not settle: {implication_problems(d)}")


def _implication_rule(name: str) -> Rule:
    def rule(hh: Household) -> list[str]:
        return [member_message(i, m, why, name) for i, m in enumerate(hh.members)
                for r, _f, _v, why in implication_problems(m) if r == name]
    rule.__name__ = f"rule_{name}"
    return rule


def with_doc(rule: Rule, doc: str) -> Rule:
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
IMPLICATION_FUNCS: tuple[Rule, ...] = tuple(
    with_doc(_implication_rule(name), doc) for name, doc in IMPLICATION_RULES.items()
)


__all__ = [
    "CITIZEN",
    "IMPLICATION_FUNCS",
    "IMPLICATION_RULES",
    "SSA_BENEFITS",
    "SSI_AGE",
    "TEMPORARY_ASSISTANCE_FLAGS",
    "UNLAWFUL",
    "VA_BENEFITS",
    "any_disability",
    "feature_getter",
    "implication_problems",
    "repair_member",
    "with_doc",
]
