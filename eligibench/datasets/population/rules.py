"""Derived rules (`rule` in population.json), named from it: the code that draws correlated
features from features drawn before them, one value per member."""
from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any, Callable

from eligibench.datasets.population.conditions import INCOME, DrawnHousehold, employed
from eligibench.datasets.population.model import (
    ADULT_AGE,
    RENT_FORMULA_HOUSING,
    TEMPORARY_HOUSING,
    FeaturePopulation,
)
from eligibench.household import consistency as cons
from eligibench.household import pick_name, pick_surname


@dataclass(frozen=True)
class Rule:
    reads: tuple[str, ...]
    params: tuple[str, ...]  # required params keys
    needs: tuple[str, ...]  # what the entry must carry besides params: "options", "bins", "table"
    compute: Callable[[random.Random, DrawnHousehold, FeaturePopulation], list[Any]]  # one value per member


def chance(rng: random.Random, percent: float) -> bool:
    """True with probability `percent`/100 (one draw)."""
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
            out.append(chance(rng, fp.params["child_percent"]))
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
        out.append(fp.draw(rng) if chance(rng, rate) else 0)
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
        if employed(d):
            out.append(0)
        else:
            out.append(fp.draw(rng) if chance(rng, fp.percent(d["age"])) else 0)
    return out


def _r_months_since_worked(rng, c, fp):
    out = []
    for d in c.m:
        age = d["age"]
        cap = cons.numeric_cap("months_since_worked", age)
        if employed(d):
            out.append(0)
        elif age < cons.WORK_MIN_AGE or cap < 1:
            out.append(-1)
        elif d["days_looking_for_work"] > 0:
            out.append(min(cap, max(1, d["days_looking_for_work"] // 30)))
        elif chance(rng, fp.percent(age)):
            out.append(rng.randint(1, min(cap, int(fp.params["max_months"]))))
        else:
            out.append(-1)
    return out


def _r_work_experience(rng, c, fp):
    return [employed(d) or d["months_since_worked"] >= 0 for d in c.m]


def _r_work_or_volunteer(rng, c, fp):
    return [d["work_experience"] or chance(rng, fp.percent(d["age"])) for d in c.m]


def _r_own_support(rng, c, fp):
    return [
        d["age"] >= ADULT_AGE and d["annual_work_income"] + d["annual_investment_income"] >= fp.params["income_at_least"]
        for d in c.m
    ]


def _r_owner(rng, c, fp):
    owns = chance(rng, fp.percent(c.m[0]["housing_type"]))
    out = []
    for i, d in enumerate(c.m):
        if not owns or d["age"] < ADULT_AGE:
            out.append(False)
        elif i == 0:
            out.append(True)
        else:
            out.append(d["relation"] == "spouse" and chance(rng, fp.params["spouse_co_owner_percent"]))
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
            out.append(chance(rng, fp.params["spouse_percent"]))
        else:
            out.append(chance(rng, fp.params["other_adult_percent"]))
    return out


def _r_at_risk(rng, c, fp):
    renting = c.m[0]["housing_type"] not in TEMPORARY_HOUSING and not c.owner_household()
    value = c.m[0]["currently_being_evicted"] or (renting and chance(rng, fp.params["other_renter_percent"]))
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
        d["receives_ssi"] or d["receives_ssdi"] or (d["disabled"] and d["age"] >= ADULT_AGE and chance(rng, fp.params["past_only_percent"]))
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
        d["receives_medicaid"] or d["va_healthcare"] or chance(rng, fp.percent(d["citizenship"]))
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
    if not c.has_relation("spouse") or not chance(rng, fp.params["married_joint_percent"]):
        return [False] * c.size
    return [d["relation"] in ("self", "spouse") for d in c.m]


def _r_is_parent(rng, c, fp):
    has_child = c.has_relation(*cons.PARENTED_RELATIONS)
    grandkid = [d["age"] for d in c.m if d["relation"] == "grandchild"]
    out = []
    for d in c.m:
        if d["relation"] in ("self", "spouse"):
            out.append(has_child or (d["age"] >= fp.params["grown_children_from_age"]
                                     and chance(rng, fp.params["grown_children_percent"])))
        elif d["relation"] == "child" and grandkid and d["age"] >= min(grandkid) + cons.CHILD_GAP + 6:
            out.append(chance(rng, fp.params["child_with_grandchild_percent"]))
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


