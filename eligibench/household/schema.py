"""The per-member feature schema, loaded once from the JSON files beside this module.

Version 1 is the 124 v1 keys (`features.json`, the paper's, used by the 2024 edition). Version 2
(`features_v2.json`, docs/features-v2.md) is version 1 plus the features the 2026-08 edition's
new programs need; an edition asks for it with `feature_schema: 2` in its `_edition.yaml`.
`FEATURES` / `FEATURE_NAMES` / `FEATURES_BY_NAME` stay version 1 so everything the 2024 edition
builds keeps its bytes; `ALL_FEATURES` (v1 then v2) is what a `Member` holds, and
`features_for(schema)` is the list a household of that schema states, stores and validates.
"""
from __future__ import annotations

import json
import math
from dataclasses import dataclass
from importlib import resources
from typing import Any

FeatureValue = bool | int | float | str


@dataclass(frozen=True)
class Feature:
    name: str
    type: str  # "str" | "int" | "float" | "bool" | "choice"
    description: str
    default: Any
    values: tuple[Any, ...] | None = None
    min: float | None = None
    max: float | None = None

    def expected(self) -> str:
        """Human description of what a valid value looks like, for error messages."""
        if self.type == "choice":
            return "one of " + ", ".join(repr(v) for v in self.values or ())
        if self.type in ("int", "float"):
            lo = "-inf" if self.min is None else self.min
            hi = "inf" if self.max is None else self.max
            return f"{'an integer' if self.type == 'int' else 'a number'} in [{lo}, {hi}]"
        return {"bool": "true or false", "str": "a string"}[self.type]

    def problem(self, value: Any) -> str | None:
        """Why `value` is not valid for this feature, or None when it is."""
        if self.type == "bool":
            ok = isinstance(value, bool)
        elif self.type == "int":
            ok = isinstance(value, int) and not isinstance(value, bool)
        elif self.type == "float":
            ok = isinstance(value, (int, float)) and not isinstance(value, bool)
        elif self.type == "str":
            ok = isinstance(value, str)
        else:
            # bool is an int subclass: True must not pass as grade 1.
            ok = not isinstance(value, bool) and any(
                value == v and type(value) is type(v) for v in self.values or ()
            )
        if not ok:
            return f"got {_short(value)}, expected {self.expected()}"
        if self.type in ("int", "float") and not _finite(value):
            # 1e400 parses as inf, NaN as nan: neither is a household value (and nan compares false to every bound)
            return f"got {_short(value)}, expected a finite number within +/-{MAX_MAGNITUDE:g} ({self.expected()})"
        if self.type in ("int", "float"):
            if self.min is not None and value < self.min or self.max is not None and value > self.max:
                return f"got {_short(value)}, expected {self.expected()}"
        return None


MAX_MAGNITUDE = 1e15  # beyond any income, age or count a household can have


def _short(value: Any) -> str:
    text = repr(value)
    return text if len(text) <= 40 else f"{text[:20]}...({len(text)} characters)"


def _finite(value: Any) -> bool:
    try:
        return math.isfinite(float(value)) and abs(value) <= MAX_MAGNITUDE
    except OverflowError:  # an int too large for a float
        return False


def _load(file: str = "features.json") -> tuple[Feature, ...]:
    raw = json.loads(resources.files("eligibench.household").joinpath(file).read_text())
    out = []
    for f in raw["features"]:
        values = tuple(f["values"]) if "values" in f else None
        out.append(Feature(f["name"], f["type"], f["description"], f["default"], values, f.get("min"), f.get("max")))
    return tuple(out)


FEATURES: tuple[Feature, ...] = _load()
FEATURES_BY_NAME: dict[str, Feature] = {f.name: f for f in FEATURES}
FEATURE_NAMES: tuple[str, ...] = tuple(f.name for f in FEATURES)

# Version 2 adds these (all booleans, default false: a v1 household reads as "no" for each).
V2_FEATURES: tuple[Feature, ...] = _load("features_v2.json")
ALL_FEATURES: tuple[Feature, ...] = FEATURES + V2_FEATURES
ALL_FEATURES_BY_NAME: dict[str, Feature] = {f.name: f for f in ALL_FEATURES}
ALL_FEATURE_NAMES: tuple[str, ...] = tuple(f.name for f in ALL_FEATURES)
V2_FEATURE_NAMES: tuple[str, ...] = tuple(f.name for f in V2_FEATURES)
SCHEMA_VERSIONS = (1, 2)
assert len(ALL_FEATURES_BY_NAME) == len(ALL_FEATURES), "features_v2.json repeats a feature name"


def features_for(schema: int) -> tuple[Feature, ...]:
    """The features a household of schema version `schema` has, in order."""
    if schema == 1:
        return FEATURES
    if schema == 2:
        return ALL_FEATURES
    raise ValueError(f"unknown feature schema version {schema!r}, expected one of {SCHEMA_VERSIONS}")


ALL_FEATURE_NAMES: tuple[str, ...] = tuple(f.name for f in ALL_FEATURES)


def feature_names_for(schema: int) -> tuple[str, ...]:
    # precomputed: called once per member copied (replace_member, to_dict), millions of times a build
    if schema == 1:
        return FEATURE_NAMES
    if schema == 2:
        return ALL_FEATURE_NAMES
    return tuple(f.name for f in features_for(schema))  # raises ValueError, naming the versions


PY_TYPES = {"str": str, "int": int, "float": float, "bool": bool, "choice": FeatureValue}
