"""Conditions (`given`) and derived rules, named from population.json: the code that draws
correlated features from features drawn before them."""
from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any, Callable, Mapping

from eligibench.datasets.population.model import (
    ADULT_AGE,
    FPL_BASE,
    FPL_EXTRA,
    RENT_FORMULA_HOUSING,
    SINGLE_FAMILY,
    TEMPORARY_HOUSING,
    FeaturePopulation,
)
from eligibench.household import consistency as cons
from eligibench.household import pick_name, pick_surname

# Conditions (`given`) and derived rules: code, named from population.json.

class _Ctx:
    """A household being drawn: one dict of feature values per member."""

    def __init__(self, members: list[dict[str, Any]]):
        self.m = members

    @property
    def size(self) -> int:
        return len(self.m)

    def income(self) -> int:
        return sum(d["annual_work_income"] + d["annual_investment_income"] for d in self.m)

    def fpl_share(self) -> float:
        """Household income as a share of the poverty guideline for its size (1.0 = 100%)."""
        return self.income() / (FPL_BASE + FPL_EXTRA * (self.size - 1))

    def has_relation(self, *relations: str) -> bool:
        return any(d["relation"] in relations for d in self.m)

    def housing(self) -> str:
        return self.m[0]["housing_type"]

    def owner_household(self) -> bool:
        return any(d["is_property_owner"] for d in self.m)


@dataclass(frozen=True)
class Condition:
    text: str
    reads: tuple[str, ...]
    test: Callable[[_Ctx, int], bool]


INCOME = ("annual_work_income", "annual_investment_income")


def _employed(d: Mapping[str, Any]) -> bool:
    return d["work_hours_per_week"] > 0


CONDITIONS: dict[str, Condition] = {
    "always": Condition("everyone", (), lambda c, i: True),
    "not_self": Condition("members other than the self", ("relation",), lambda c, i: i != 0),
    "adult": Condition("members aged 18+", ("age",), lambda c, i: c.m[i]["age"] >= ADULT_AGE),
    "age_12_plus": Condition("members aged 12+", ("age",), lambda c, i: c.m[i]["age"] >= 12),
    "age_14_plus": Condition("members aged 14+", ("age",), lambda c, i: c.m[i]["age"] >= 14),
    "age_16_plus": Condition("members aged 16+", ("age",), lambda c, i: c.m[i]["age"] >= 16),
    "age_65_plus": Condition("members aged 65+", ("age",), lambda c, i: c.m[i]["age"] >= 65),
    "age_12_17": Condition("members aged 12-17", ("age",), lambda c, i: 12 <= c.m[i]["age"] <= 17),
    "age_14_17": Condition("members aged 14-17", ("age",), lambda c, i: 14 <= c.m[i]["age"] <= 17),
    "female_15_44": Condition(
        "females aged 15-44", ("sex", "age"), lambda c, i: c.m[i]["sex"] == "female" and 15 <= c.m[i]["age"] <= 44
    ),
    "male_18_65": Condition(
        "males aged 18-65 (men born before 1960 were never required to register)",
        ("sex", "age"),
        lambda c, i: c.m[i]["sex"] == "male" and 18 <= c.m[i]["age"] <= 65,
    ),
    "lawfully_present": Condition(
        "citizens and lawful residents", ("citizenship",), lambda c, i: c.m[i]["citizenship"] != "unlawful_resident"
    ),
    "without_ssn": Condition("members without an SSN", ("has_ssn",), lambda c, i: not c.m[i]["has_ssn"]),
    "adopted_child_without_ssn": Condition(
        "adopted children without an SSN",
        ("relation", "has_ssn"),
        lambda c, i: c.m[i]["relation"] == "adopted child" and not c.m[i]["has_ssn"],
    ),
    "disabled": Condition("members with a disability", ("disabled",), lambda c, i: c.m[i]["disabled"]),
    "disabled_18_64": Condition(
        "members aged 18-64 with a disability", ("disabled", "age"),
        lambda c, i: c.m[i]["disabled"] and 18 <= c.m[i]["age"] <= 64,
    ),
    "chronic_condition": Condition(
        "members with a chronic health condition", ("chronic_health_condition",),
        lambda c, i: c.m[i]["chronic_health_condition"],
    ),
    "mental_health_condition": Condition(
        "members with a serious mental health condition", ("mental_health_condition",),
        lambda c, i: c.m[i]["mental_health_condition"],
    ),
    "developmental_or_mental_condition": Condition(
        "members with a developmental, emotional/behavioural or mental health condition",
        ("developmental_condition", "emotional_behavioral_condition", "mental_health_condition"),
        lambda c, i: c.m[i]["developmental_condition"] or c.m[i]["emotional_behavioral_condition"]
        or c.m[i]["mental_health_condition"],
    ),
    "in_substance_treatment": Condition(
        "members receiving substance-use treatment", ("receiving_treatment_for_substance_abuse",),
        lambda c, i: c.m[i]["receiving_treatment_for_substance_abuse"],
    ),
    "veteran": Condition("veterans (honorable_service)", ("honorable_service",), lambda c, i: c.m[i]["honorable_service"]),
    "adult_not_in_foster_care": Condition(
        "members aged 18+ not in foster care", ("age", "in_foster_care"),
        lambda c, i: c.m[i]["age"] >= ADULT_AGE and not c.m[i]["in_foster_care"],
    ),
    "child_not_in_foster_care": Condition(
        "members under 18 not in foster care", ("age", "in_foster_care"),
        lambda c, i: c.m[i]["age"] < ADULT_AGE and not c.m[i]["in_foster_care"],
    ),
    "mother_of_infant": Condition(
        "a female self or spouse aged 12-55 living with her child (child, stepchild, adopted or foster) under 1",
        ("relation", "sex", "age"),
        lambda c, i: c.m[i]["relation"] in ("self", "spouse")
        and cons.pregnancy_allowed(c.m[i]["age"], c.m[i]["sex"])
        and any(d["relation"] in cons.CHILD_RELATIONS and d["age"] == 0 for d in c.m),
    ),
    "college_student": Condition(
        "college students", ("current_school_level",), lambda c, i: c.m[i]["current_school_level"] == "college"
    ),
    "adult_out_of_school_18_64": Condition(
        "members aged 18-64 not in school", ("age", "current_school_level"),
        lambda c, i: 18 <= c.m[i]["age"] <= 64 and c.m[i]["current_school_level"] == "none",
    ),
    "not_nyc_only_housing": Condition(
        "households not in NYC-only housing (DHS or HRA shelter, NYCHA)", ("housing_type",),
        lambda c, i: c.housing() not in cons.NYC_ONLY_HOUSING,
    ),
    "lives_in_nyc": Condition(
        "members living in New York City", ("place_of_residence",),
        lambda c, i: c.m[i]["place_of_residence"] == "New York City",
    ),
    "employed": Condition("employed members (work_hours_per_week > 0)", ("work_hours_per_week",), lambda c, i: _employed(c.m[i])),
    "employed_21_plus": Condition(
        "employed members aged 21+", ("work_hours_per_week", "age"),
        lambda c, i: _employed(c.m[i]) and c.m[i]["age"] >= 21,
    ),
    "employed_non_government": Condition(
        "employed members without a government job", ("work_hours_per_week", "government_job"),
        lambda c, i: _employed(c.m[i]) and not c.m[i]["government_job"],
    ),
    "government_employee": Condition("members with a government job", ("government_job",), lambda c, i: c.m[i]["government_job"]),
    "employed_college_student": Condition(
        "employed college students", ("work_hours_per_week", "current_school_level"),
        lambda c, i: _employed(c.m[i]) and c.m[i]["current_school_level"] == "college",
    ),
    "looking_for_work": Condition(
        "members looking for work (days_looking_for_work > 0)", ("days_looking_for_work",),
        lambda c, i: c.m[i]["days_looking_for_work"] > 0,
    ),
    "housed": Condition(
        "households not in temporary housing (homeless, shelters, temporary housing)", ("housing_type",),
        lambda c, i: c.housing() not in TEMPORARY_HOUSING,
    ),
    "self_housed": Condition(
        "the self, when the household is not in temporary housing", ("housing_type",),
        lambda c, i: i == 0 and c.housing() not in TEMPORARY_HOUSING,
    ),
    "in_temporary_housing": Condition(
        "households in temporary housing (homeless, DHS or HRA shelter, temporary housing)", ("housing_type",),
        lambda c, i: c.housing() in TEMPORARY_HOUSING,
    ),
    "single_family_house": Condition(
        "households in a 1-family house", ("housing_type",), lambda c, i: c.housing() in SINGLE_FAMILY
    ),
    "nycha": Condition("NYCHA households", ("housing_type",), lambda c, i: c.housing() == "NYCHA development"),
    "renter_household": Condition(
        "renting households (housed, no member owns the home)", ("housing_type", "is_property_owner"),
        lambda c, i: c.housing() not in TEMPORARY_HOUSING and not c.owner_household(),
    ),
    "adult_non_owner": Condition(
        "members aged 18+ who do not own their home", ("age", "is_property_owner"),
        lambda c, i: c.m[i]["age"] >= ADULT_AGE and not c.m[i]["is_property_owner"],
    ),
    "owner_65_plus": Condition(
        "property owners aged 65+", ("age", "is_property_owner"),
        lambda c, i: c.m[i]["age"] >= 65 and c.m[i]["is_property_owner"],
    ),
    "owner_self_60_plus_no_spouse": Condition(
        "a self aged 60+ who owns the home and has no spouse in the household",
        ("age", "is_property_owner", "relation"),
        lambda c, i: i == 0 and c.m[0]["age"] >= 60 and c.m[0]["is_property_owner"] and not c.has_relation("spouse"),
    ),
    "income_under_200_fpl": Condition(
        "households with income at most 200% of the HHS poverty guideline", INCOME,
        lambda c, i: c.fpl_share() <= 2.0,
    ),
    "income_under_100_fpl": Condition(
        "households with income at most 100% of the HHS poverty guideline", INCOME,
        lambda c, i: c.fpl_share() <= 1.0,
    ),
    "income_under_200_fpl_or_ssi": Condition(
        "members of households at most 200% of the poverty guideline, and SSI recipients",
        INCOME + ("receives_ssi",),
        lambda c, i: c.fpl_share() <= 2.0 or c.m[i]["receives_ssi"],
    ),
    "snap_household": Condition("households receiving SNAP", ("receives_snap",), lambda c, i: c.m[0]["receives_snap"]),
    "disabled_on_medicaid": Condition(
        "members with a disability who receive Medicaid", ("disabled", "receives_medicaid"),
        lambda c, i: c.m[i]["disabled"] and c.m[i]["receives_medicaid"],
    ),
    "adult_on_cash_assistance": Condition(
        "members aged 18-64 of households receiving cash assistance", ("age", "receives_cash_assistance"),
        lambda c, i: 18 <= c.m[i]["age"] <= 64 and c.m[i]["receives_cash_assistance"],
    ),
}


@dataclass(frozen=True)
class Rule:
    reads: tuple[str, ...]
    params: tuple[str, ...]  # required params keys
    needs: tuple[str, ...]  # what the entry must carry besides params: "options", "bins", "table"
    compute: Callable[[random.Random, _Ctx, FeaturePopulation], list[Any]]  # one value per member


def _chance(rng: random.Random, percent: float) -> bool:
    return rng.random() * 100 < percent


def _r_names(rng, c, fp):
    surname = pick_surname(rng)
    out = []
    for d in c.m:
        shared = d["relation"] in ("self", "spouse", "child", "adopted child", "sibling")
        out.append(pick_name(rng, d["sex"], surname if shared else None))
    return out


def _r_authorized(rng, c, fp):
    return [d["citizenship"] != "unlawful_resident" for d in c.m]


def _r_same_as_authorized(rng, c, fp):
    return [d["authorized_to_work_in_us"] for d in c.m]


def _r_in_foster_care(rng, c, fp):
    return [d["relation"] == "foster child" and d["age"] <= cons.FOSTER_CARE_MAX_AGE for d in c.m]


def _r_acs(rng, c, fp):
    out = []
    for d in c.m:
        if d["in_foster_care"]:
            out.append(True)
        elif d["age"] < ADULT_AGE:
            out.append(_chance(rng, fp.params["child_percent"]))
        else:
            out.append(False)
    return out


def _r_school_level(rng, c, fp):
    return [cons.school_level_for_age(rng, d["age"]) for d in c.m]


def _r_enrolled(rng, c, fp):
    return [d["current_school_level"] != "none" for d in c.m]


def _r_hs_credential(rng, c, fp):
    out = []
    for d in c.m:
        if d["age"] < ADULT_AGE or d["current_school_level"] in cons.GRADES:
            out.append(cons.NO_DIPLOMA)
            continue
        value = fp.draw(rng)
        while d["current_school_level"] == "college" and value == cons.NO_DIPLOMA:
            value = fp.draw(rng)  # college admission needs a credential
        out.append(value)
    return out


def _r_college_credits(rng, c, fp):
    out = []
    for d in c.m:
        if d["current_school_level"] != "college":
            out.append(0)
            continue
        years = max(0, d["age"] - 18)
        out.append(rng.randint(0, min(int(fp.params["max_credits"]), int(fp.params["credits_per_year"]) * years)))
    return out


def _r_gpa(rng, c, fp):
    out = []
    for d in c.m:
        level = d["current_school_level"]
        graded = level == "college" or (level in cons.GRADES and level >= fp.params["first_graded_grade"])
        if not graded:
            out.append(0.0)
            continue
        g = rng.gauss(fp.params["mean"], fp.params["sd"])
        out.append(round(min(4.0, max(fp.params["min"], g)), 2))
    return out


def _r_hours(rng, c, fp):
    out = []
    for d in c.m:
        rate = fp.percent(d["age"])
        if d["disabled"]:
            rate *= fp.params["disabled_factor"]
        out.append(fp.draw(rng) if _chance(rng, rate) else 0)
    return out


def _r_work_income(rng, c, fp):
    out = []
    for d in c.m:
        hours = d["work_hours_per_week"]
        if hours <= 0:
            out.append(0)
            continue
        income = fp.draw(rng)
        if hours < fp.params["part_time_below_hours"]:
            income = round(income * hours / fp.params["full_time_hours"])
        out.append(max(1, income))
    return out


def _r_days_looking(rng, c, fp):
    out = []
    for d in c.m:
        if _employed(d):
            out.append(0)
        else:
            out.append(fp.draw(rng) if _chance(rng, fp.percent(d["age"])) else 0)
    return out


def _r_months_since_worked(rng, c, fp):
    out = []
    for d in c.m:
        age = d["age"]
        cap = cons.numeric_cap("months_since_worked", age)
        if _employed(d):
            out.append(0)
        elif age < cons.WORK_MIN_AGE or cap < 1:
            out.append(-1)
        elif d["days_looking_for_work"] > 0:
            out.append(min(cap, max(1, d["days_looking_for_work"] // 30)))
        elif _chance(rng, fp.percent(age)):
            out.append(rng.randint(1, min(cap, int(fp.params["max_months"]))))
        else:
            out.append(-1)
    return out


def _r_work_experience(rng, c, fp):
    return [_employed(d) or d["months_since_worked"] >= 0 for d in c.m]


def _r_work_or_volunteer(rng, c, fp):
    return [d["work_experience"] or _chance(rng, fp.percent(d["age"])) for d in c.m]


def _r_own_support(rng, c, fp):
    return [
        d["age"] >= ADULT_AGE and d["annual_work_income"] + d["annual_investment_income"] >= fp.params["income_at_least"]
        for d in c.m
    ]


def _r_owner(rng, c, fp):
    owns = _chance(rng, fp.percent(c.m[0]["housing_type"]))
    out = []
    for i, d in enumerate(c.m):
        if not owns or d["age"] < ADULT_AGE:
            out.append(False)
        elif i == 0:
            out.append(True)
        else:
            out.append(d["relation"] == "spouse" and _chance(rng, fp.params["spouse_co_owner_percent"]))
    return out


def _r_months_owned(rng, c, fp):
    out = []
    for d in c.m:
        if not d["is_property_owner"]:
            out.append(0)
        else:
            out.append(max(1, min(fp.draw(rng), (d["age"] - ADULT_AGE) * 12)))
    return out


def _r_rent(rng, c, fp):
    housing = c.m[0]["housing_type"]
    cap = fp.max_value
    if housing in TEMPORARY_HOUSING or c.owner_household():
        rent = 0
    elif housing in RENT_FORMULA_HOUSING:
        share = fp.params["subsidised_income_share_percent"] / 100
        rent = max(int(fp.params["subsidised_minimum"]), round(share * c.income() / 12))
    else:
        rent = fp.draw(rng)
    return [min(cap, rent)] + [0] * (c.size - 1)


def _r_lease(rng, c, fp):
    renting = c.m[0]["housing_type"] not in TEMPORARY_HOUSING and not c.owner_household()
    out = []
    for i, d in enumerate(c.m):
        if not renting or d["age"] < ADULT_AGE:
            out.append(False)
        elif i == 0:
            out.append(True)
        elif d["relation"] == "spouse":
            out.append(_chance(rng, fp.params["spouse_percent"]))
        else:
            out.append(_chance(rng, fp.params["other_adult_percent"]))
    return out


def _r_at_risk(rng, c, fp):
    renting = c.m[0]["housing_type"] not in TEMPORARY_HOUSING and not c.owner_household()
    value = c.m[0]["currently_being_evicted"] or (renting and _chance(rng, fp.params["other_renter_percent"]))
    return [value] * c.size


def _r_fpha(rng, c, fp):
    return [c.m[0]["housing_type"] in RENT_FORMULA_HOUSING] * c.size


def _r_self_resources(rng, c, fp):
    return [float(fp.draw(rng))] + [0.0] * (c.size - 1)


def _r_temporary_assistance(rng, c, fp):
    return [d["receives_cash_assistance"] for d in c.m]


def _r_hra(rng, c, fp):
    # Rule hra_in_nyc: SNAP or cash assistance received outside New York City is not HRA's.
    return [(d["receives_snap"] or d["receives_cash_assistance"]) and d["place_of_residence"] == cons.NYC for d in c.m]


def _r_has_received_ssi_ssdi(rng, c, fp):
    return [
        d["receives_ssi"] or d["receives_ssdi"] or (d["disabled"] and d["age"] >= ADULT_AGE and _chance(rng, fp.params["past_only_percent"]))
        for d in c.m
    ]


def _r_eligible_medicaid(rng, c, fp):
    share = c.fpl_share() * 100
    out = []
    for d in c.m:
        if d["receives_medicaid"]:
            out.append(True)
        elif d["age"] < 19:
            out.append(share <= fp.params["child_fpl_percent"])
        else:
            out.append(d["citizenship"] != "unlawful_resident" and share <= fp.params["adult_fpl_percent"])
    return out


def _r_health_insurance(rng, c, fp):
    return [
        d["receives_medicaid"] or d["va_healthcare"] or _chance(rng, fp.percent(d["citizenship"]))
        for d in c.m
    ]


def _r_qualify_health(rng, c, fp):
    return [not (d["citizenship"] == "unlawful_resident" and d["age"] >= fp.params["child_plan_age_below"]) for d in c.m]


def _r_dependent(rng, c, fp):
    out = []
    for i, d in enumerate(c.m):
        if i == 0 or d["relation"] == "spouse":
            out.append(False)
            continue
        income = d["annual_work_income"] + d["annual_investment_income"]
        student = d["current_school_level"] != "none"
        young = d["age"] < fp.params["child_age_below"] or (student and d["age"] < fp.params["student_age_below"])
        if d["relation"] in cons.CHILD_RELATIONS + ("grandchild", "sibling", "niece or nephew") and young:
            out.append(not d["provides_over_half_of_own_financial_support"])
        elif d["relation"] != "friend":
            out.append(income < fp.params["relative_income_below"])
        else:
            out.append(False)
    return out


def _r_filing_jointly(rng, c, fp):
    if not c.has_relation("spouse") or not _chance(rng, fp.params["married_joint_percent"]):
        return [False] * c.size
    return [d["relation"] in ("self", "spouse") for d in c.m]


def _r_is_parent(rng, c, fp):
    has_child = c.has_relation(*cons.PARENTED_RELATIONS)
    grandkid = [d["age"] for d in c.m if d["relation"] == "grandchild"]
    out = []
    for d in c.m:
        if d["relation"] in ("self", "spouse"):
            out.append(has_child or (d["age"] >= fp.params["grown_children_from_age"]
                                     and _chance(rng, fp.params["grown_children_percent"])))
        elif d["relation"] == "child" and grandkid and d["age"] >= min(grandkid) + cons.CHILD_GAP + 6:
            out.append(_chance(rng, fp.params["child_with_grandchild_percent"]))
        else:
            out.append(False)
    return out


def _r_day_to_day(rng, c, fp):
    minors = any(i > 0 and d["relation"] != "spouse" and d["age"] < ADULT_AGE for i, d in enumerate(c.m))
    return [minors and d["relation"] in ("self", "spouse") and d["age"] >= ADULT_AGE for d in c.m]


def _r_selective_service_eligible(rng, c, fp):
    return [cons.flag_allowed("is_eligible_for_selective_service", d["age"], d["sex"]) for d in c.m]


RULES: dict[str, Rule] = {
    "names": Rule(("relation", "sex"), (), (), _r_names),
    "authorized_unless_unlawful": Rule(("citizenship",), (), (), _r_authorized),
    "same_as_authorized_to_work_in_us": Rule(("authorized_to_work_in_us",), (), (), _r_same_as_authorized),
    "foster_child_in_care": Rule(("relation", "age"), (), (), _r_in_foster_care),
    "acs_services": Rule(("in_foster_care", "age"), ("child_percent",), (), _r_acs),
    "school_level_for_age": Rule(("age",), (), (), _r_school_level),
    "in_school": Rule(("current_school_level",), (), (), _r_enrolled),
    "high_school_credential": Rule(("age", "current_school_level"), (), ("options",), _r_hs_credential),
    "college_credits": Rule(("age", "current_school_level"), ("max_credits", "credits_per_year"), (), _r_college_credits),
    "gpa": Rule(("current_school_level",), ("first_graded_grade", "mean", "sd", "min"), (), _r_gpa),
    "employment_and_hours": Rule(("age", "disabled"), ("disabled_factor",), ("bins", "table"), _r_hours),
    "earnings": Rule(("work_hours_per_week",), ("part_time_below_hours", "full_time_hours"), ("bins",), _r_work_income),
    "job_search": Rule(("age", "work_hours_per_week"), (), ("bins", "table"), _r_days_looking),
    "months_since_worked": Rule(("age", "work_hours_per_week", "days_looking_for_work"), ("max_months",), ("table",), _r_months_since_worked),
    "work_experience": Rule(("work_hours_per_week", "months_since_worked"), (), (), _r_work_experience),
    "work_or_volunteer": Rule(("work_experience", "age"), (), ("table",), _r_work_or_volunteer),
    "own_support": Rule(INCOME + ("age",), ("income_at_least",), (), _r_own_support),
    "owner_from_housing": Rule(("housing_type", "age", "relation"), ("spouse_co_owner_percent",), ("table",), _r_owner),
    "months_owned": Rule(("is_property_owner", "age"), (), ("bins",), _r_months_owned),
    "rent": Rule(("housing_type", "is_property_owner") + INCOME, ("subsidised_income_share_percent", "subsidised_minimum"), ("bins",), _r_rent),
    "lease": Rule(("housing_type", "is_property_owner", "age", "relation"), ("spouse_percent", "other_adult_percent"), (), _r_lease),
    "at_risk_of_homelessness": Rule(("currently_being_evicted", "housing_type", "is_property_owner"), ("other_renter_percent",), (), _r_at_risk),
    "federal_housing_assistance": Rule(("housing_type",), (), (), _r_fpha),
    "self_resources": Rule((), (), ("bins",), _r_self_resources),
    "same_as_cash_assistance": Rule(("receives_cash_assistance",), (), (), _r_temporary_assistance),
    "hra_benefits": Rule(("receives_snap", "receives_cash_assistance", "place_of_residence"), (), (), _r_hra),
    "has_received_ssi_or_ssdi": Rule(("receives_ssi", "receives_ssdi", "disabled", "age"), ("past_only_percent",), (), _r_has_received_ssi_ssdi),
    "medicaid_eligibility": Rule(("receives_medicaid", "age", "citizenship") + INCOME, ("child_fpl_percent", "adult_fpl_percent"), (), _r_eligible_medicaid),
    "health_insurance": Rule(("receives_medicaid", "va_healthcare", "citizenship"), (), ("table",), _r_health_insurance),
    "qualifies_for_a_plan": Rule(("citizenship", "age"), ("child_plan_age_below",), (), _r_qualify_health),
    "tax_dependent": Rule(
        ("relation", "age", "current_school_level", "provides_over_half_of_own_financial_support") + INCOME,
        ("child_age_below", "student_age_below", "relative_income_below"), (), _r_dependent,
    ),
    "joint_filing": Rule(("relation",), ("married_joint_percent",), (), _r_filing_jointly),
    "parent": Rule(("relation", "age"), ("grown_children_from_age", "grown_children_percent", "child_with_grandchild_percent"), (), _r_is_parent),
    "day_to_day_care": Rule(("relation", "age"), (), (), _r_day_to_day),
    "selective_service_age": Rule(("sex", "age"), (), (), _r_selective_service_eligible),
}


