"""What matters most to a household: importance weights over its opportunities of interest.

Every dataset row carries, aligned with its opportunities, one weight per opportunity:
nonnegative, summing to 1 (as AWARE-US's oracle weights: the persona implies how much each
constraint matters). They are part of the ground truth, like the labels: derived here from the
household and each opportunity's kind (its catalog category), published in the public split,
sealed with the sealed split, and covered by the data version (a changed rule moves it).

A weight is built in three steps:

1. a base of 1 per opportunity;
2. every rule of `RULES` whose household need holds multiplies the weight of the opportunities of
   its kinds by its factor (a household with a toddler and no income: child care x3, work and
   income x2.5, tax credits x0.5);
3. seeded noise: a factor in [1 - NOISE, 1 + NOISE] drawn from sha256 of the household and the
   opportunity id, so two households with the same needs still differ, and the same household
   always gets the same weights (whatever its row id, split or build).

Then the weights are normalised to sum 1 and rounded to `DIGITS` decimals (so they read the same
on every platform: only exact IEEE products and quotients are used, no exp or log). Rounding
leaves the sum within 1e-5 of 1.

`priorities_of(row)` is the one way to read a row's weights (opportunity id -> weight); rows read
from files published before weights existed get them derived from their household.
"""
from __future__ import annotations

import hashlib
import re
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Callable, Mapping, Protocol, Sequence

from eligibench.errors import BenyfitsError

NOISE = 0.25  # the noise factor's half-width: large enough to break ties, small next to the x2-x3 rules
DIGITS = 6
SALT = "benyfits-priorities-1"  # names this derivation: a new rule set gets a new salt

# The catalog's categories (eligibench.catalog.CATEGORIES), the "kinds" the rules name.
TAX = "tax credits and exemptions"
CHILD_CARE = "child care and early education"
SCHOOL = "schools and youth programs"
COLLEGE = "college and training"
WORK = "work and income"
HOUSING = "housing"
FOOD = "food"
HEALTH = "health"
UTILITIES = "utilities"
FAMILY = "family and social services"
CIVIC = "civic and legal services"
TRANSPORT = "transportation"

LOW_INCOME = 30_000  # household yearly income (work + investments) under which money and food come first


class PrioritiesError(BenyfitsError):
    pass


def _income(hh) -> int:
    return sum(m.annual_work_income + m.annual_investment_income for m in hh.members)


def _toddler(hh) -> bool:
    return any(m.age < 6 for m in hh.members)


def _school_age(hh) -> bool:
    return any(6 <= m.age < 18 for m in hh.members)


def _expecting_or_infant(hh) -> bool:
    return any(m.months_pregnant > 0 or m.breastfeeding or m.age < 1 for m in hh.members)


def _losing_home(hh) -> bool:
    return any(m.currently_being_evicted or m.at_risk_of_homelessness for m in hh.members)


def _utility_cut(hh) -> bool:
    return any(m.electricity_shut_off or m.heat_shut_off or m.out_of_fuel for m in hh.members)


def _health_need(hh) -> bool:
    return any(not m.health_insurance or m.disabled or m.chronic_health_condition for m in hh.members)


def _older_or_mobility(hh) -> bool:
    return any(m.age >= 65 or m.wheelchair for m in hh.members)


def _out_of_work(hh) -> bool:
    self_ = hh.members[0]
    return self_.lost_job or self_.days_looking_for_work > 0


def _in_crisis(hh) -> bool:
    return any(m.attending_service_for_domestic_violence or m.in_foster_care or m.is_runaway for m in hh.members)


@dataclass(frozen=True)
class Rule:
    """One household need and what it does to the weights of some kinds of program."""

    name: str
    need: str  # the need in words (docs, the simulated user's reasons)
    holds: Callable[..., bool]  # household -> whether the need holds
    kinds: tuple[str, ...]
    factor: float
    reason: str


# Applied in this order; every rule that holds multiplies (rules compound: a toddler and no income
# put child care at x3 and work and income at x2.5 x... as each rule says).
RULES: tuple[Rule, ...] = (
    Rule("toddler", "a child under 6", _toddler, (CHILD_CARE,), 3.0,
         "care for a young child is needed every working day, before any yearly benefit"),
    Rule("no_income", "no income at all", lambda hh: _income(hh) == 0, (WORK, FOOD), 2.5,
         "with nothing coming in, money and food now come first"),
    Rule("no_income_tax", "no income at all", lambda hh: _income(hh) == 0, (TAX,), 0.5,
         "a tax credit or exemption pays on earnings or property once a year: little to a household with no income"),
    Rule("low_income", f"a yearly income under ${LOW_INCOME:,}", lambda hh: 0 < _income(hh) < LOW_INCOME,
         (FOOD, UTILITIES), 1.5, "on a low income, food and bills are the first things to give"),
    Rule("losing_home", "facing eviction or homelessness", _losing_home, (HOUSING,), 3.0,
         "keeping a roof comes before everything else"),
    Rule("utility_cut", "heat or power cut off", _utility_cut, (UTILITIES,), 3.0,
         "a cut-off is an emergency measured in days"),
    Rule("health_need", "someone uninsured, disabled or chronically ill", _health_need, (HEALTH,), 2.0,
         "care that is needed now, or not covered, weighs on the whole household"),
    Rule("expecting", "a pregnancy or a baby", _expecting_or_infant, (HEALTH, FOOD, FAMILY), 1.5,
         "a pregnancy or a baby makes health care, food and family support urgent"),
    Rule("school_age", "a child of school age", _school_age, (SCHOOL,), 1.5,
         "school-age children make school and youth programs part of every week"),
    Rule("older_or_mobility", "someone 65 or older, or using a wheelchair", _older_or_mobility,
         (HEALTH, TRANSPORT), 1.5, "getting to care and around the city gets harder with age or a wheelchair"),
    Rule("out_of_work", "looking for work after losing a job", _out_of_work, (WORK, COLLEGE), 2.0,
         "finding work or training is how the household gets back on its feet"),
    Rule("in_crisis", "domestic violence, foster care or a runaway", _in_crisis, (FAMILY, CIVIC), 2.0,
         "safety and legal standing come before money"),
)


def rules_holding(household) -> tuple[Rule, ...]:
    """The rules whose need holds for this household, in order."""
    return tuple(r for r in RULES if r.holds(household))


def base_weight(household, kind: str, holding: Sequence[Rule] | None = None) -> float:
    """The weight of an opportunity of this kind before noise and normalisation."""
    w = 1.0
    for r in rules_holding(household) if holding is None else holding:
        if kind in r.kinds:
            w *= r.factor
    return w


def noise(household, opportunity: str) -> float:
    """A factor in [1 - NOISE, 1 + NOISE], from sha256 of the household and opportunity id."""
    return _noise(household.to_json(), opportunity)


def _noise(household_json: str, opportunity: str) -> float:
    digest = hashlib.sha256(f"{SALT}\0{opportunity}\0{household_json}".encode()).digest()
    u = int.from_bytes(digest[:4], "big") / 0xFFFFFFFF  # in [0, 1]
    return 1.0 + NOISE * (2.0 * u - 1.0)


def derive_priorities(household, opportunities: Sequence[str], kinds: Mapping[str, str] | None = None) -> tuple[float, ...]:
    """The household's weights, aligned with `opportunities` (nonnegative, summing to 1).
    `kinds`: opportunity id -> catalog category (default: the curated catalog, every edition)."""
    if not opportunities:
        return ()
    kinds = opportunity_kinds() if kinds is None else kinds
    holding = rules_holding(household)
    text = household.to_json()  # once, not per opportunity: it was 28% of the train split's build
    raw = []
    for o in opportunities:
        if o not in kinds:
            raise PrioritiesError(f"opportunity {o!r}: no category in opportunities/ (every edition's "
                                  "*.yaml was read): expected a curated opportunity id")
        raw.append(base_weight(household, kinds[o], holding) * _noise(text, o))
    total = sum(raw)
    return tuple(round(w / total, DIGITS) for w in raw)


class _HasPriorities(Protocol):
    id: str
    household: object
    opportunities: tuple[str, ...]
    priorities: tuple[float, ...]


def priorities_of(row: _HasPriorities) -> dict[str, float]:
    """A row's priorities: opportunity id -> weight, in the row's opportunity order. Rows from
    files published before weights existed get them derived from their household."""
    weights = row.priorities or derive_priorities(row.household, row.opportunities)
    if len(weights) != len(row.opportunities):
        raise PrioritiesError(f"row {row.id}: {len(weights)} priorities for {len(row.opportunities)} "
                              "opportunities (expected one weight per opportunity)")
    return dict(zip(row.opportunities, weights))


def ranked(priorities: Mapping[str, float]) -> list[str]:
    """Opportunity ids by weight, highest first; equal weights by id (a fixed order)."""
    return sorted(priorities, key=lambda o: (-priorities[o], o))


def _opportunities_dir() -> Path:
    return Path(__file__).resolve().parents[2] / "opportunities"


def _catalog_field(field: str, directory: Path | None) -> dict[str, str]:
    """Opportunity id -> the value of one top-level `field:` line of its curated YAML (the 2024
    folder first, then each edition's folder for ids it adds). Read by line, not through
    `load_catalog`: that validates everything and takes ~0.9 s; this takes milliseconds."""
    pattern = re.compile(rf"^{field}:[ \t]*(.+?)[ \t]*$", re.MULTILINE)
    root = Path(directory) if directory else _opportunities_dir()
    out: dict[str, str] = {}
    for folder in [root] + sorted(p for p in root.iterdir() if p.is_dir()):
        for path in sorted(folder.glob("*.yaml")):
            if path.name.startswith("_") or path.stem in out:
                continue
            found = pattern.search(path.read_text(encoding="utf-8"))
            if not found:
                raise PrioritiesError(f"{path}: field {field!r}: missing (expected one line '{field}: ...')")
            value = found.group(1)
            out[path.stem] = value[1:-1] if value[:1] in "'\"" and value[-1:] == value[:1] else value
    return out


@lru_cache(maxsize=None)
def opportunity_kinds(directory: Path | None = None) -> Mapping[str, str]:
    """Opportunity id -> catalog category (the kind the rules name)."""
    return _catalog_field("category", directory)


@lru_cache(maxsize=None)
def opportunity_names(directory: Path | None = None) -> Mapping[str, str]:
    """Opportunity id -> its name as agents are shown it (what the simulated user calls it)."""
    return _catalog_field("name", directory)
