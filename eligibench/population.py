"""The Representative dataset's population: marginals per feature, and a household sampler.

`data/population.json` holds, for every one of the 124 features plus the household size, how a
value is drawn and why:

- ``kind``: ``categorical`` (``weights``: value and weight), ``ranges`` (``bins``: inclusive
  integer range and weight; a value is drawn uniformly inside the chosen bin) or ``derived``
  (computed by the named ``rule`` from features drawn before it, described in ``how``);
- ``level``: ``member`` (drawn per member) or ``household`` (drawn once, from the self's
  point of view, and given to every member);
- ``given`` / ``otherwise``: the marginal applies to members for whom the named condition
  holds (see `CONDITIONS`); everyone else gets the fixed ``otherwise`` value;
- ``params`` / ``table``: numbers a derived rule uses (``table`` rows are keyed by a value or
  an inclusive range of ``table_feature``);
- ``source`` (one line: where the numbers come from) and ``fixes`` (each change to v1's
  marginal: what and why).

Weights need not sum to 100: they are normalised at load time. Features are drawn column by
column in file order, after the roster (household size, relations, ages, sexes), so a condition
or rule may read any feature listed before it; `load_population` checks that it does.

Every household `sample_household` returns keeps `consistency.violations(hh) == []`: the
conditions and rules keep the consistency limits by construction, numbers are capped at what
the member's age allows (`consistency.numeric_cap`), and a household that still breaks a rule is
drawn again (at most `MAX_ATTEMPTS` times).
"""
from __future__ import annotations

import bisect
import json
import math
import random
from dataclasses import dataclass, field
from importlib import resources
from pathlib import Path
from types import MappingProxyType
from typing import Any, Callable, Mapping, Sequence

from . import consistency as cons
from .errors import BenyfitsError
from .household import MAX_MEMBERS, Household, member
from .names import pick_name, pick_surname
from .schema import FEATURE_NAMES, FEATURES_BY_NAME, Feature

KINDS = ("categorical", "ranges", "derived")
LEVELS = ("member", "household")
ROSTER = ("relation", "age", "sex")  # drawn first, by `_draw_roster`
ENTRY_KEYS = frozenset(
    ("kind", "level", "given", "otherwise", "weights", "bins", "rule", "how", "params", "table",
     "table_feature", "source", "fixes", "note")
)
MAX_ATTEMPTS = 200
ADULT_AGE = 18

TEMPORARY_HOUSING = ("homeless", "DHS shelter", "HRA shelter", "temporary housing")
RENT_FORMULA_HOUSING = ("NYCHA development", "Section 8")
SINGLE_FAMILY = ("2 bedroom, 1 family house", "4 bedroom, 1 family house")
# HHS 2024 poverty guidelines (48 contiguous states and DC): 1 person, then each additional one.
FPL_BASE, FPL_EXTRA = 15_060, 5_380


class PopulationError(BenyfitsError, ValueError):
    """population.json (or a dict in its layout) that does not fit the schema or the sampler."""

    def __init__(self, where: str, problem: str):
        self.where = where
        self.problem = problem
        super().__init__(f"{where}: {problem}" if where else problem)


# ---------------------------------------------------------------------------------------------
# The loaded population: frozen, validated, weights normalised.

@dataclass(frozen=True)
class Fix:
    what: str
    why: str


@dataclass(frozen=True)
class Option:
    value: Any
    p: float  # normalised


@dataclass(frozen=True)
class Bin:
    lo: int
    hi: int
    p: float  # normalised


@dataclass(frozen=True)
class TableRow:
    key: Any  # a value of table_feature, or an inclusive (lo, hi) range of it
    percent: float

    def matches(self, x: Any) -> bool:
        if isinstance(self.key, tuple):
            return self.key[0] <= x <= self.key[1]
        return x == self.key and type(x) is type(self.key)


def _cumulative(ps: Sequence[float]) -> tuple[float, ...]:
    out, total = [], 0.0
    for p in ps:
        total += p
        out.append(total)
    return tuple(out)


@dataclass(frozen=True)
class FeaturePopulation:
    """How one feature (or the household size) is drawn."""

    name: str
    kind: str
    level: str = "member"
    given: str = "always"
    otherwise: Any = None
    options: tuple[Option, ...] = ()
    bins: tuple[Bin, ...] = ()
    rule: str | None = None
    how: str = ""
    params: Mapping[str, float] = field(default_factory=lambda: MappingProxyType({}))
    table: tuple[TableRow, ...] = ()
    table_feature: str | None = None
    source: str = ""
    fixes: tuple[Fix, ...] = ()
    note: str = ""
    _cum: tuple[float, ...] = field(default=(), repr=False, compare=False)

    def __post_init__(self) -> None:
        ps = [o.p for o in self.options] or [b.p for b in self.bins]
        object.__setattr__(self, "_cum", _cumulative(ps))

    def _index(self, rng: random.Random) -> int:
        i = bisect.bisect_right(self._cum, rng.random() * self._cum[-1])
        return min(i, len(self._cum) - 1)

    def draw(self, rng: random.Random) -> Any:
        """A value from the marginal (`options` or `bins`), ignoring `given`."""
        if self.options:
            return self.options[self._index(rng)].value
        b = self.bins[self._index(rng)]
        value = rng.randint(b.lo, b.hi)
        return float(value) if FEATURES_BY_NAME.get(self.name) and FEATURES_BY_NAME[self.name].type == "float" else value

    @property
    def max_value(self) -> int | None:
        """The largest value the bins can give (None without bins)."""
        return max(b.hi for b in self.bins) if self.bins else None

    def percent(self, key: Any) -> float:
        """The `table` percent of the first row matching `key` (0 when none does)."""
        for row in self.table:
            if row.matches(key):
                return row.percent
        return 0.0


@dataclass(frozen=True)
class Population:
    about: str
    household_size: FeaturePopulation
    features: tuple[FeaturePopulation, ...]  # file order = drawing order
    by_name: Mapping[str, FeaturePopulation] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "by_name", MappingProxyType({f.name: f for f in self.features}))

    def __getitem__(self, name: str) -> FeaturePopulation:
        return self.by_name[name]


# ---------------------------------------------------------------------------------------------
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
    return [d["receives_snap"] or d["receives_cash_assistance"] for d in c.m]


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
    "hra_benefits": Rule(("receives_snap", "receives_cash_assistance"), (), (), _r_hra),
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


# ---------------------------------------------------------------------------------------------
# Loading and validation.

def _err(name: str, problem: str) -> PopulationError:
    where = "household_size" if name == "household_size" else f"feature {name!r}"
    return PopulationError(where, problem)


def _number(name: str, what: str, x: Any) -> float:
    if isinstance(x, bool) or not isinstance(x, (int, float)) or not math.isfinite(x):
        raise _err(name, f"{what} must be a finite number, got {x!r}")
    return float(x)


def _text(name: str, what: str, x: Any, required: bool = True) -> str:
    if x is None and not required:
        return ""
    if not isinstance(x, str) or (required and not x.strip()):
        raise _err(name, f"{what} must be a non-empty string, got {x!r}")
    return x


def _weights(name: str, what: str, raw: Sequence[Any]) -> list[float]:
    ws = [_number(name, what, w) for w in raw]
    bad = [w for w in ws if w < 0]
    if bad:
        raise _err(name, f"negative {what} {bad[0]:g} (weights must be >= 0)")
    if not ws or sum(ws) <= 0:
        raise _err(name, f"{what}s are all 0 (at least one must be positive)")
    return ws


def _options(name: str, raw: Any, check: Callable[[Any], str | None]) -> tuple[Option, ...]:
    if not isinstance(raw, list) or not raw:
        raise _err(name, "weights must be a non-empty list of {value, weight}")
    for w in raw:
        if not isinstance(w, Mapping) or set(w) != {"value", "weight"}:
            raise _err(name, f"each weight must be {{value, weight}}, got {w!r}")
    seen: list[Any] = []
    for w in raw:
        problem = check(w["value"])
        if problem:
            raise _err(name, f"value {w['value']!r} not allowed: {problem}")
        if any(w["value"] == s and type(w["value"]) is type(s) for s in seen):
            raise _err(name, f"value {w['value']!r} listed twice")
        seen.append(w["value"])
    ws = _weights(name, "weight", [w["weight"] for w in raw])
    total = sum(ws)
    return tuple(Option(w["value"], x / total) for w, x in zip(raw, ws))


def _range(name: str, raw: Any, feature: Feature | None) -> tuple[int, int]:
    if (
        not isinstance(raw, list) or len(raw) != 2
        or not all(isinstance(x, int) and not isinstance(x, bool) for x in raw)
    ):
        raise _err(name, f"a range must be [lo, hi] integers, got {raw!r}")
    lo, hi = raw
    if lo > hi:
        raise _err(name, f"range {raw!r} has lo > hi")
    if feature is not None:
        if feature.min is not None and lo < feature.min or feature.max is not None and hi > feature.max:
            raise _err(name, f"range {raw!r} is outside the feature's bounds [{feature.min}, {feature.max}]")
    return lo, hi


def _bins(name: str, raw: Any, feature: Feature) -> tuple[Bin, ...]:
    if feature.type not in ("int", "float"):
        raise _err(name, f"bins need a numeric feature, but the feature is {feature.type}")
    if not isinstance(raw, list) or not raw:
        raise _err(name, "bins must be a non-empty list of {range, weight}")
    for b in raw:
        if not isinstance(b, Mapping) or set(b) != {"range", "weight"}:
            raise _err(name, f"each bin must be {{range, weight}}, got {b!r}")
    ranges = [_range(name, b["range"], feature) for b in raw]
    ordered = sorted(ranges)
    for (lo1, hi1), (lo2, hi2) in zip(ordered, ordered[1:]):
        if lo2 <= hi1:
            raise _err(name, f"bins [{lo1}, {hi1}] and [{lo2}, {hi2}] overlap")
    ws = _weights(name, "bin weight", [b["weight"] for b in raw])
    total = sum(ws)
    return tuple(Bin(lo, hi, w / total) for (lo, hi), w in zip(ranges, ws))


def _fixes(name: str, raw: Any) -> tuple[Fix, ...]:
    if not isinstance(raw, list):
        raise _err(name, "fixes must be a list of {what, why}")
    out = []
    for f in raw:
        if not isinstance(f, Mapping) or set(f) != {"what", "why"}:
            raise _err(name, f"each fix must be {{what, why}}, got {f!r}")
        out.append(Fix(_text(name, "fix 'what'", f["what"]), _text(name, "fix 'why'", f["why"])))
    return tuple(out)


def _entry(name: str, raw: Any, feature: Feature | None, drawn: set[str]) -> FeaturePopulation:
    if not isinstance(raw, Mapping):
        raise _err(name, f"expected an object, got {type(raw).__name__}")
    unknown = sorted(set(raw) - ENTRY_KEYS)
    if unknown:
        raise _err(name, f"unknown key {unknown[0]!r}")
    kind = raw.get("kind")
    if kind not in KINDS:
        raise _err(name, f"kind must be one of {', '.join(KINDS)}, got {kind!r}")
    level = raw.get("level", "member")
    if level not in LEVELS:
        raise _err(name, f"level must be one of {', '.join(LEVELS)}, got {level!r}")
    source = _text(name, "source", raw.get("source"))
    fixes = _fixes(name, raw.get("fixes", []))
    note = _text(name, "note", raw.get("note"), required=False)

    if feature is None:  # household size: values 1..MAX_MEMBERS
        def check(v):
            ok = isinstance(v, int) and not isinstance(v, bool) and 1 <= v <= MAX_MEMBERS
            return None if ok else f"expected a household size 1 to {MAX_MEMBERS}"
    else:
        check = feature.problem

    options: tuple[Option, ...] = ()
    bins: tuple[Bin, ...] = ()
    if "weights" in raw:
        options = _options(name, raw["weights"], check)
    if "bins" in raw:
        if feature is None:
            raise _err(name, "household size takes weights, not bins")
        bins = _bins(name, raw["bins"], feature)
    if kind == "categorical" and (not options or bins):
        raise _err(name, "a categorical marginal needs weights (and no bins)")
    if kind == "ranges" and (not bins or options):
        raise _err(name, "a ranges marginal needs bins (and no weights)")

    params: dict[str, float] = {}
    if "params" in raw:
        if not isinstance(raw["params"], Mapping):
            raise _err(name, "params must be an object of numbers")
        for k, v in raw["params"].items():
            params[k] = _number(name, f"param {k!r}", v)
            if params[k] < 0:
                raise _err(name, f"param {k!r} must be >= 0, got {v!r}")

    table_feature = raw.get("table_feature")
    table: list[TableRow] = []
    if "table" in raw:
        tf = FEATURES_BY_NAME.get(table_feature) if isinstance(table_feature, str) else None
        if tf is None:
            raise _err(name, f"table_feature must name a schema feature, got {table_feature!r}")
        if table_feature not in drawn:
            raise _err(name, f"table is keyed by {table_feature!r}, which is drawn later")
        if not isinstance(raw["table"], list) or not raw["table"]:
            raise _err(name, "table must be a non-empty list of rows")
        for row in raw["table"]:
            if not isinstance(row, Mapping) or set(row) not in ({"range", "percent"}, {"value", "percent"}):
                raise _err(name, f"each table row must be {{range|value, percent}}, got {row!r}")
            pct = _number(name, "table percent", row["percent"])
            if not 0 <= pct <= 100:
                raise _err(name, f"table percent must be in [0, 100], got {row['percent']!r}")
            if "range" in row:
                key: Any = _range(name, row["range"], tf)
            else:
                problem = tf.problem(row["value"])
                if problem:
                    raise _err(name, f"table value {row['value']!r} not allowed for {table_feature!r}: {problem}")
                key = row["value"]
            table.append(TableRow(key, pct))
    elif table_feature is not None:
        raise _err(name, "table_feature given without a table")

    rule, how = None, ""
    if kind == "derived":
        rule = raw.get("rule")
        if rule not in RULES:
            raise _err(name, f"unknown rule {rule!r} (known: {', '.join(sorted(RULES))})")
        how = _text(name, "how", raw.get("how"))
        spec = RULES[rule]
        late = [f for f in spec.reads if f not in drawn]
        if late:
            raise _err(name, f"rule {rule!r} reads {late[0]!r}, which is drawn later")
        missing = [k for k in spec.params if k not in params]
        if missing:
            raise _err(name, f"rule {rule!r} needs param {missing[0]!r}")
        have = {"options": bool(options), "bins": bool(bins), "table": bool(table)}
        lacking = [n for n in spec.needs if not have[n]]
        if lacking:
            raise _err(name, f"rule {rule!r} needs {lacking[0]}")
    else:
        for k in ("rule", "how"):
            if k in raw:
                raise _err(name, f"{k!r} is only for derived features")

    given = raw.get("given", "always")
    if given not in CONDITIONS:
        raise _err(name, f"unknown condition {given!r} (known: {', '.join(sorted(CONDITIONS))})")
    if kind == "derived" and given != "always":
        raise _err(name, "a derived feature takes no 'given' (its rule decides)")
    late = [f for f in CONDITIONS[given].reads if f not in drawn]
    if late:
        raise _err(name, f"condition {given!r} reads {late[0]!r}, which is drawn later")
    otherwise = raw.get("otherwise")
    if given == "always":
        if "otherwise" in raw:
            raise _err(name, "'otherwise' without a 'given' condition")
    else:
        if "otherwise" not in raw:
            raise _err(name, f"'given' {given!r} needs an 'otherwise' value")
        problem = check(otherwise)
        if problem:
            raise _err(name, f"otherwise value not allowed: {problem}")
    if feature is not None and feature.name in ROSTER and (given != "always" or level != "member"):
        raise _err(name, "roster features (relation, age, sex) take no 'given' and are member-level")
    if feature is None and kind != "categorical":
        raise _err(name, "household size must be categorical")

    return FeaturePopulation(
        name=name, kind=kind, level=level, given=given, otherwise=otherwise, options=options, bins=bins,
        rule=rule, how=how, params=MappingProxyType(params), table=tuple(table), table_feature=table_feature,
        source=source, fixes=fixes, note=note,
    )


def _default_path() -> Any:
    return resources.files("eligibench").joinpath("data/population.json")


def load_population(source: str | Path | Mapping[str, Any] | None = None) -> Population:
    """The validated population from `source` (a path, or a dict in the file's layout), by
    default the packaged data/population.json. Errors name the feature."""
    if source is None:
        raw = json.loads(_default_path().read_text())
    elif isinstance(source, Mapping):
        raw = source
    else:
        raw = json.loads(Path(source).read_text())
    if not isinstance(raw, Mapping):
        raise PopulationError("population", "expected an object")
    extra = sorted(set(raw) - {"about", "household_size", "features"})
    if extra:
        raise PopulationError(f"population, key {extra[0]!r}", "unknown key")
    about = raw.get("about", "")
    if "household_size" not in raw:
        raise PopulationError("household_size", "missing")
    size = _entry("household_size", raw["household_size"], None, set())
    feats = raw.get("features")
    if not isinstance(feats, Mapping):
        raise PopulationError("features", "expected an object of feature -> entry")
    unknown = [k for k in feats if k not in FEATURES_BY_NAME]
    if unknown:
        raise _err(unknown[0], "unknown feature (not in the 124-feature schema)")
    missing = [n for n in FEATURE_NAMES if n not in feats]
    if missing:
        raise _err(missing[0], "missing (every schema feature needs a marginal or a derived rule)")
    roster_first = list(feats)[: len(ROSTER)]
    if sorted(roster_first) != sorted(ROSTER):
        raise PopulationError("features", f"the roster features {', '.join(ROSTER)} must come first")
    drawn: set[str] = set()
    entries = []
    for name, entry in feats.items():
        entries.append(_entry(name, entry, FEATURES_BY_NAME[name], drawn if name not in ROSTER else set()))
        drawn.add(name)
    pop = Population(about=about, household_size=size, features=tuple(entries))
    _check_roster_entries(pop)
    return pop


def _check_roster_entries(pop: Population) -> None:
    rel = pop["relation"]
    if rel.kind != "categorical" or not any(o.p > 0 and o.value != "self" for o in rel.options):
        raise _err("relation", "needs categorical weights with a positive non-self relation")
    age = pop["age"]
    if age.kind != "ranges" or not any(b.hi >= ADULT_AGE and b.p > 0 for b in age.bins):
        raise _err("age", f"needs bins with positive weight at {ADULT_AGE}+ (the self's age)")
    if pop["sex"].kind != "categorical":
        raise _err("sex", "needs categorical weights")
    if "spouse_opposite_sex_percent" not in pop["sex"].params:
        raise _err("sex", "needs param 'spouse_opposite_sex_percent'")


# ---------------------------------------------------------------------------------------------
# Sampling.

def _adult_age(rng: random.Random, age: FeaturePopulation, at_least: int) -> int:
    """The self's age: the age marginal restricted to `at_least`+ (bins clipped, weights scaled
    by the share of each bin that remains)."""
    kept = []
    for b in age.bins:
        lo, hi = max(b.lo, at_least), min(b.hi, cons.MAX_AGE)
        if lo <= hi and b.p > 0:
            kept.append((lo, hi, b.p * (hi - lo + 1) / (b.hi - b.lo + 1)))
    cum = _cumulative([w for _, _, w in kept])
    i = min(bisect.bisect_right(cum, rng.random() * cum[-1]), len(kept) - 1)
    return rng.randint(kept[i][0], kept[i][1])


def _draw_roster(rng: random.Random, pop: Population) -> list[dict[str, Any]]:
    size = pop.household_size.draw(rng)
    rel = pop["relation"]
    relations = ["self"]
    while len(relations) < size:
        r = rel.draw(rng)
        if r == "self" or (r == "spouse" and "spouse" in relations):
            continue  # member 0 is the only self; at most one spouse
        relations.append(r)
    self_age = _adult_age(rng, pop["age"], max(ADULT_AGE, cons.min_self_age(relations[1:])))
    members = [{"relation": "self", "age": self_age, "sex": pop["sex"].draw(rng)}]
    opposite = pop["sex"].params["spouse_opposite_sex_percent"]
    for r in relations[1:]:
        age = cons.plausible_age(rng, r, self_age)
        if r == "spouse" and _chance(rng, opposite):
            sex = "female" if members[0]["sex"] == "male" else "male"
        else:
            sex = pop["sex"].draw(rng)
        members.append({"relation": r, "age": age, "sex": sex})
    return members


def _draw_feature(rng: random.Random, fp: FeaturePopulation, ctx: _Ctx) -> list[Any]:
    if fp.kind == "derived":
        return RULES[fp.rule].compute(rng, ctx, fp)
    cond = CONDITIONS[fp.given].test
    if fp.level == "household":
        value = fp.draw(rng) if cond(ctx, 0) else fp.otherwise
        return [value] * ctx.size
    return [fp.draw(rng) if cond(ctx, i) else fp.otherwise for i in range(ctx.size)]


def _draw_household(rng: random.Random, pop: Population) -> Household:
    """One household drawn from `pop`, before the consistency check."""
    ctx = _Ctx(_draw_roster(rng, pop))
    for fp in pop.features:
        if fp.name in ROSTER:
            continue
        values = _draw_feature(rng, fp, ctx)
        feature = FEATURES_BY_NAME[fp.name]
        for d, v in zip(ctx.m, values):
            if feature.type in ("int", "float"):
                cap = cons.numeric_cap(fp.name, d["age"])
                if cap is not None and v > cap:
                    v = float(cap) if feature.type == "float" else cap
            d[fp.name] = v
    return Household(tuple(member(**d) for d in ctx.m))


def sample_household(rng: random.Random, pop: Population) -> Household:
    """A household drawn from `pop` that keeps every consistency rule (redrawn when one does
    not, at most MAX_ATTEMPTS times, then PopulationError)."""
    last: list[str] = []
    for _ in range(MAX_ATTEMPTS):
        hh = _draw_household(rng, pop)
        last = cons.violations(hh)
        if not last:
            return hh
    raise PopulationError(
        "sample_household", f"no consistent household in {MAX_ATTEMPTS} draws; last problems: {'; '.join(last[:3])}"
    )


def sample_households(count: int, seed: int, pop: Population | None = None) -> list[Household]:
    """`count` households from one `random.Random(seed)`: the same list every run."""
    if count < 0:
        raise ValueError(f"count must be >= 0, got {count}")
    pop = load_population() if pop is None else pop
    rng = random.Random(seed)
    return [sample_household(rng, pop) for _ in range(count)]


# ---------------------------------------------------------------------------------------------
# Documentation: docs/population.md is this function's output (a test keeps it in sync).

def _cell(text: str) -> str:
    return " ".join(str(text).split()).replace("|", "\\|")


def _fmt_value(v: Any) -> str:
    return json.dumps(v) if isinstance(v, (bool, str)) else str(v)


def _fmt_pct(p: float) -> str:
    x = p * 100
    return f"{x:.1f}" if x >= 0.1 or x == 0 else f"{x:.2g}"


def _distribution(fp: FeaturePopulation) -> str:
    parts = []
    if fp.kind == "derived":
        parts.append(f"derived (`{fp.rule}`): {fp.how}")
    if fp.options:
        parts.append(", ".join(f"{_fmt_value(o.value)} {_fmt_pct(o.p)}%" for o in fp.options))
    if fp.bins:
        parts.append("bins " + ", ".join(
            (f"{b.lo}" if b.lo == b.hi else f"{b.lo}-{b.hi}") + f" {_fmt_pct(b.p)}%" for b in fp.bins
        ))
    if fp.table:
        rows = ", ".join(
            (f"{r.key[0]}-{r.key[1]}" if isinstance(r.key, tuple) else _fmt_value(r.key)) + f": {r.percent:g}%"
            for r in fp.table
        )
        parts.append(f"table by {fp.table_feature}: {rows}")
    if fp.params:
        parts.append("params " + ", ".join(f"{k}={v:g}" for k, v in fp.params.items()))
    return "; ".join(parts)


def _applies(fp: FeaturePopulation) -> str:
    level = "once per household" if fp.level == "household" or fp.name == "household_size" else "per member"
    if fp.given == "always":
        text = level
    else:
        text = f"{level}; {CONDITIONS[fp.given].text}; others {_fmt_value(fp.otherwise)}"
    return f"{text}. {fp.note}" if fp.note else text


def population_table_markdown(pop: Population) -> str:
    """docs/population.md: every feature's distribution, source and fixes, from `pop`."""
    lines = [
        "# Representative population",
        "",
        "Generated from `eligibench/data/population.json` by",
        "`eligibench.population.population_table_markdown` (`python -m eligibench.population >",
        "docs/population.md`); a test fails when this file is stale. Percentages are the",
        "normalised weights. Features are drawn in this order, after the roster (household",
        "size, relations, ages, sexes); conditions are listed at the end.",
        "",
    ]
    if pop.about:
        lines += [_cell(pop.about), ""]
    lines += [
        "| Feature | Distribution | Applies to | Source | Fixes (what — why) |",
        "| --- | --- | --- | --- | --- |",
    ]
    for fp in (pop.household_size,) + pop.features:
        fixes = "<br>".join(f"{_cell(f.what)} — {_cell(f.why)}" for f in fp.fixes) or "none"
        lines.append(
            f"| `{fp.name}` | {_cell(_distribution(fp))} | {_cell(_applies(fp))} | {_cell(fp.source)} | {fixes} |"
        )
    used = sorted({fp.given for fp in pop.features if fp.given != "always"})
    lines += ["", "## Conditions", "", "| Condition | Meaning |", "| --- | --- |"]
    for name in used:
        lines.append(f"| `{name}` | {_cell(CONDITIONS[name].text)} |")
    lines += [
        "",
        "Poverty guideline used by the income conditions: HHS 2024, "
        f"${FPL_BASE:,} for one person plus ${FPL_EXTRA:,} per additional person.",
        "Every number is capped at what the member's age allows (`consistency.numeric_cap`), and a",
        "household that breaks a consistency rule is drawn again.",
        "",
    ]
    return "\n".join(lines)


if __name__ == "__main__":
    print(population_table_markdown(load_population()), end="")
