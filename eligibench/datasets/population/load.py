"""Loading and validating population.json: errors name the feature and key."""
from __future__ import annotations

import json
import math
from importlib import resources
from pathlib import Path
from types import MappingProxyType
from typing import Any, Callable, Mapping, Sequence

from eligibench.datasets.population.conditions import CONDITIONS
from eligibench.datasets.population.model import (
    ADULT_AGE,
    ENTRY_KEYS,
    KINDS,
    LEVELS,
    ROSTER,
    Bin,
    FeaturePopulation,
    Fix,
    Option,
    Population,
    PopulationError,
    TableRow,
)
from eligibench.datasets.population.rules import RULES
from eligibench.household import FEATURE_NAMES, FEATURES_BY_NAME, MAX_MEMBERS, Feature

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


def _params(name: str, raw: Mapping) -> dict[str, float]:
    """The entry's `params`: non-negative numbers by name."""
    params: dict[str, float] = {}
    if "params" in raw:
        if not isinstance(raw["params"], Mapping):
            raise _err(name, "params must be an object of numbers")
        for k, v in raw["params"].items():
            params[k] = _number(name, f"param {k!r}", v)
            if params[k] < 0:
                raise _err(name, f"param {k!r} must be >= 0, got {v!r}")
    return params


def _table(name: str, raw: Mapping, drawn: set[str]) -> tuple[list[TableRow], Any]:
    """The entry's `table` (rows keyed by a value or range of `table_feature`, drawn earlier) and `table_feature`."""
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
    return table, table_feature


def _derived_rule(name: str, raw: Mapping, kind: str, drawn: set[str], params: dict[str, float],
                  have: dict[str, bool]) -> tuple[str | None, str]:
    """(rule, how) of a derived entry, its rule reading only features drawn earlier; (None, "") otherwise."""
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
        lacking = [n for n in spec.needs if not have[n]]
        if lacking:
            raise _err(name, f"rule {rule!r} needs {lacking[0]}")
    else:
        for k in ("rule", "how"):
            if k in raw:
                raise _err(name, f"{k!r} is only for derived features")
    return rule, how


def _condition(name: str, raw: Mapping, kind: str, drawn: set[str], check) -> tuple[str, Any]:
    """(given, otherwise): the condition the marginal applies under and everyone else's value."""
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
    return given, otherwise


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

    params = _params(name, raw)
    table, table_feature = _table(name, raw, drawn)
    have = {"options": bool(options), "bins": bool(bins), "table": bool(table)}
    rule, how = _derived_rule(name, raw, kind, drawn, params, have)
    given, otherwise = _condition(name, raw, kind, drawn, check)
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
    return resources.files("eligibench.datasets.population").joinpath("population.json")


def load_population(source: str | Path | Mapping[str, Any] | None = None) -> Population:
    """The validated population from `source` (a path, or a dict in the file's layout), by
    default the packaged population.json. Errors name the feature."""
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


