"""Conditions (`given` in population.json): which members a feature's distribution applies to,
read from the household drawn so far (`DrawnHousehold`)."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable, Mapping

from eligibench.datasets.population.model import (
    ADULT_AGE,
    FPL_BASE,
    FPL_EXTRA,
    SINGLE_FAMILY,
    TEMPORARY_HOUSING,
)
from eligibench.household import consistency as cons


class DrawnHousehold:
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
    test: Callable[[DrawnHousehold, int], bool]


INCOME = ("annual_work_income", "annual_investment_income")


def employed(d: Mapping[str, Any]) -> bool:
    """Works some hours a week (the population's meaning of employed)."""
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
        "adopted children under 18 without an SSN or an ITIN",
        ("relation", "age", "has_ssn", "has_itin"),
        lambda c, i: c.m[i]["relation"] == "adopted child" and c.m[i]["age"] <= cons.ATIN_AGES[1]
        and not c.m[i]["has_ssn"] and not c.m[i]["has_itin"],
    ),
    "runaway_age": Condition(
        "members aged 12-17 not living with the self as their spouse, child, stepchild, adopted or foster child",
        ("relation", "age"),
        lambda c, i: c.m[i]["age"] <= 17 and cons.flag_allowed("is_runaway", c.m[i]["age"], c.m[i]["sex"],
                                                               c.m[i]["relation"]),
    ),
    "emancipation_age": Condition(
        "members aged 16-17 not living with the self as their child, stepchild, adopted or foster child",
        ("relation", "age"),
        lambda c, i: cons.flag_allowed("emancipated_minor", c.m[i]["age"], c.m[i]["sex"], c.m[i]["relation"]),
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
    "employed": Condition("employed members (work_hours_per_week > 0)", ("work_hours_per_week",), lambda c, i: employed(c.m[i])),
    "employed_21_plus": Condition(
        "employed members aged 21+", ("work_hours_per_week", "age"),
        lambda c, i: employed(c.m[i]) and c.m[i]["age"] >= 21,
    ),
    "employed_non_government": Condition(
        "employed members without a government job", ("work_hours_per_week", "government_job"),
        lambda c, i: employed(c.m[i]) and not c.m[i]["government_job"],
    ),
    "government_employee": Condition("members with a government job", ("government_job",), lambda c, i: c.m[i]["government_job"]),
    "employed_college_student": Condition(
        "employed college students", ("work_hours_per_week", "current_school_level"),
        lambda c, i: employed(c.m[i]) and c.m[i]["current_school_level"] == "college",
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


__all__ = [
    "CONDITIONS",
    "Condition",
    "DrawnHousehold",
    "INCOME",
    "employed",
]
