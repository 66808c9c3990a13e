"""Households and their members: typed, frozen, validated when built from outside data.

Our JSON layout is ``{"members": [{feature: value, ...}, ...]}`` with every feature of the
household's schema version present for every member; member 0 is the person answering
(relation "self").

Feature schema versions (schema.py): a `Member` always holds every feature of the newest
version (the version-2 ones default to false), and a `Household` records the version it states
(`feature_schema`, 1 unless built for an edition that asks for 2). A version-1 household's
`to_dict`, store rows, profile and facts hold only the 124 version-1 features, byte for byte as
before version 2 existed; a version-1 household whose members have a version-2 feature set is
an error. Reading infers the version from the keys: members with the version-2 features are
version 2 (all of them, every member), members without are version 1.
"""
from __future__ import annotations

import dataclasses
import json
import operator
from dataclasses import dataclass
from typing import Any, Callable, Mapping

from eligibench.errors import HouseholdError
from eligibench.household.schema import (
    ALL_FEATURES,
    ALL_FEATURES_BY_NAME,
    FEATURES,
    MAX_MAGNITUDE,
    PY_TYPES,
    SCHEMA_VERSIONS,
    V2_FEATURE_NAMES,
    V2_FEATURES,
    Feature,
    feature_names_for,
    features_for,
)

MAX_MEMBERS = 6

# Built from the schema so that the 124 fields have one source of truth; slots keep
# attribute reads fast for the 820,000 traced checker runs of the Diverse stage.
# Version-2 fields come last with their defaults, so `Member(*v1_values)` (the fuzzer, the
# store) still builds a member with the version-2 features false.
Member = dataclasses.make_dataclass(
    "Member",
    [(f.name, PY_TYPES[f.type]) for f in FEATURES]
    + [(f.name, PY_TYPES[f.type], dataclasses.field(default=f.default)) for f in V2_FEATURES],
    frozen=True,
    slots=True,
)
Member.__module__ = __name__
Member.__doc__ = "One household member: every schema feature as an attribute (features.json, features_v2.json)."


def _schema_of(raw: Mapping[str, Any]) -> int:
    """The schema version a member mapping states: 2 when it has any version-2 feature."""
    return 2 if any(n in raw for n in V2_FEATURE_NAMES) else 1


def _member_from_mapping(raw: Any, where: str, schema: int | None = None) -> Member:
    """A validated member; `schema` None infers the version from the keys."""
    if not isinstance(raw, Mapping):
        raise HouseholdError(where, f"expected an object of features, got {type(raw).__name__}")
    schema = _schema_of(raw) if schema is None else schema
    features = features_for(schema)
    if raw.keys() == _KEYS[schema]:  # exactly the schema's features: nothing unknown, newer or missing
        fast = _plain_member(raw, schema)
        if fast is not None:
            return fast
    unknown = [k for k in raw if k not in ALL_FEATURES_BY_NAME]
    if unknown:
        raise HouseholdError(f"{where}, feature {unknown[0]!r}", "unknown feature (not in the feature schema)")
    if schema == 1:
        newer = [k for k in raw if k in V2_FEATURE_NAMES]
        if newer:
            raise HouseholdError(f"{where}, feature {newer[0]!r}",
                                 "a feature schema version 2 feature in a version 1 household")
    missing = [f.name for f in features if f.name not in raw]
    if missing:
        more = f" (and {len(missing) - 1} more)" if len(missing) > 1 else ""
        where_v = f" (feature schema version {schema})" if schema != 1 else ""
        raise HouseholdError(f"{where}, feature {missing[0]!r}", f"missing{more}{where_v}")
    values = []
    for f in features:
        value = raw[f.name]
        problem = f.problem(value)
        if problem:
            raise HouseholdError(f"{where}, feature {f.name!r}", problem)
        values.append(float(value) if f.type == "float" else value)
    return Member(*values)  # positional: `features` are Member's first fields, in order


class _Plain:
    """One schema version's features grouped by type, to test a whole member at C speed
    (`map` over operator functions): reading a dataset's rows spent most of its time in
    `Feature.problem`, one Python call per value (10,000 households in the plausibility stage,
    2026-11-27). A member passes only with the exact types JSON and the generators give and
    every number within its bounds, all of which `problem` accepts; anything else goes through
    `problem`, value by value, which words the error."""

    def __init__(self, features: tuple[Feature, ...]):
        def group(*types: str) -> tuple[Feature, ...]:
            return tuple(f for f in features if f.type in types)

        def getter(fs: tuple[Feature, ...]) -> Callable[[Mapping], tuple]:
            names = [f.name for f in fs]
            return (lambda raw: ()) if not names else \
                (lambda raw, g=operator.itemgetter(*names): g(raw) if len(names) > 1 else (g(raw),))

        self.all = getter(features)
        self.floats = tuple(i for i, f in enumerate(features) if f.type == "float")
        self.bools, self.strs = getter(group("bool")), getter(group("str"))
        numbers = group("int", "float")
        self.numbers = getter(numbers)
        self.int_only = tuple(f.type == "int" for f in numbers)
        self.lo = tuple(-MAX_MAGNITUDE if f.min is None else max(f.min, -MAX_MAGNITUDE) for f in numbers)
        self.hi = tuple(MAX_MAGNITUDE if f.max is None else min(f.max, MAX_MAGNITUDE) for f in numbers)
        choices = group("choice")
        self.choices = getter(choices)
        self.choice_sets = tuple(frozenset((type(v), v) for v in f.values or () if type(v) is not bool)
                                 for f in choices)

    def member(self, raw: Mapping) -> Member | None:
        if any(t is not bool for t in set(map(type, self.bools(raw)))):
            return None
        if any(t is not str for t in set(map(type, self.strs(raw)))):
            return None
        numbers = self.numbers(raw)
        types = tuple(map(type, numbers))
        if not all(t is int or (t is float and not only) for t, only in zip(types, self.int_only)):
            return None
        # nan fails both comparisons, inf the bounds: both go to `problem`
        if not (all(map(operator.le, self.lo, numbers)) and all(map(operator.le, numbers, self.hi))):
            return None
        choices = self.choices(raw)
        try:
            if not all(map(frozenset.__contains__, self.choice_sets, zip(map(type, choices), choices))):
                return None
        except TypeError:  # an unhashable value
            return None
        values = list(self.all(raw))
        for i in self.floats:
            values[i] = float(values[i])
        return Member(*values)


_PLAIN = {v: _Plain(features_for(v)) for v in SCHEMA_VERSIONS}
_KEYS = {v: frozenset(f.name for f in features_for(v)) for v in SCHEMA_VERSIONS}


def _plain_member(raw: Mapping, schema: int) -> Member | None:
    """The member, when every value is plainly valid (`_Plain`); None sends it to `problem`."""
    return _PLAIN[schema].member(raw)


# one attrgetter per version reads a member's values at C speed (member_to_dict, _check_schema):
# copying a member was most of replace_member's time, which the flip search calls ~100 times a row
_VALUES = {v: operator.attrgetter(*feature_names_for(v)) for v in SCHEMA_VERSIONS}
_V2_VALUES = operator.attrgetter(*V2_FEATURE_NAMES)
_V2_DEFAULTS = tuple(f.default for f in V2_FEATURES)


def member_to_dict(m: Member, schema: int = 1) -> dict[str, Any]:
    """The member's features of schema version `schema` (1: the 124 v1 keys)."""
    names = feature_names_for(schema)  # raises ValueError for an unknown version
    return dict(zip(names, _VALUES[schema](m)))


@dataclass(frozen=True, slots=True)
class Household:
    members: tuple[Member, ...]
    feature_schema: int = 1  # the schema version this household states (schema.py)

    def __post_init__(self) -> None:
        _check_roster(self.members)
        _check_schema(self.members, self.feature_schema)

    @property
    def self_member(self) -> Member:
        return self.members[0]

    @property
    def size(self) -> int:
        return len(self.members)

    @classmethod
    def from_dict(cls, raw: Any) -> Household:
        if not isinstance(raw, Mapping) or "members" not in raw:
            raise HouseholdError("household", 'expected an object with a "members" list')
        extra = [k for k in raw if k != "members"]
        if extra:
            raise HouseholdError(f"household, key {extra[0]!r}", 'unknown key (only "members" is allowed)')
        members = raw["members"]
        if not isinstance(members, list):
            raise HouseholdError("household, members", f"expected a list, got {type(members).__name__}")
        schema = _schema_of(members[0]) if members and isinstance(members[0], Mapping) else 1
        return cls(tuple(_member_from_mapping(m, f"member {i}", schema) for i, m in enumerate(members)), schema)

    def to_dict(self) -> dict[str, Any]:
        return {"members": [member_to_dict(m, self.feature_schema) for m in self.members]}

    def to_json(self) -> str:
        return json.dumps(self.to_dict(), sort_keys=True)

    @classmethod
    def from_json(cls, text: str) -> Household:
        try:
            raw = json.loads(text)
        except json.JSONDecodeError as e:
            raise HouseholdError("household", f"not valid JSON: {e}") from None
        except RecursionError:
            raise HouseholdError("household", "JSON nested too deeply") from None
        return cls.from_dict(raw)


def _check_roster(members: tuple[Member, ...]) -> None:
    if not 1 <= len(members) <= MAX_MEMBERS:
        raise HouseholdError("household", f"has {len(members)} members, expected 1 to {MAX_MEMBERS}")
    for i, m in enumerate(members):
        if not isinstance(m, Member):
            raise HouseholdError(f"member {i}", f"expected a Member, got {type(m).__name__}")
    if members[0].relation != "self":
        raise HouseholdError("member 0, feature 'relation'", f"got {members[0].relation!r}, expected 'self' (member 0 is the person answering)")
    for i, m in enumerate(members[1:], start=1):
        if m.relation == "self":
            raise HouseholdError(f"member {i}, feature 'relation'", "a second 'self': exactly one member (member 0) is 'self'")


def _check_schema(members: tuple[Member, ...], schema: int) -> None:
    if schema not in SCHEMA_VERSIONS:
        raise HouseholdError("household", f"feature schema version {schema!r}, expected one of {SCHEMA_VERSIONS}")
    if schema == 1:
        if all(_V2_VALUES(m) == _V2_DEFAULTS for m in members):
            return
        for i, m in enumerate(members):  # which member and feature, for the error
            for f in V2_FEATURES:
                if getattr(m, f.name) != f.default:
                    raise HouseholdError(f"member {i}, feature {f.name!r}",
                                         "set in a feature schema version 1 household (a version 2 feature; "
                                         "build the household with feature_schema=2)")


def member(**features: Any) -> Member:
    """A validated member from the given features, the rest from the schema defaults (every
    version's: the version-2 ones are false).

    For tests, examples and samplers; households read from files must give every feature.
    """
    values = {f.name: f.default for f in ALL_FEATURES}
    values.update(features)
    return _member_from_mapping(values, "member", 2)


def uses_v2(m: Member) -> bool:
    """Whether any version-2 feature of `m` differs from its default."""
    return any(getattr(m, f.name) != f.default for f in V2_FEATURES)


def household(*members: Member | Mapping[str, Any], feature_schema: int | None = None) -> Household:
    """A household from members or from feature overrides (each dict goes through `member`).
    `feature_schema` None: version 2 when a member sets a version-2 feature, else version 1."""
    built = tuple(m if isinstance(m, Member) else member(**m) for m in members)
    if feature_schema is None:
        feature_schema = 2 if any(uses_v2(m) for m in built) else 1
    return Household(built, feature_schema)


_POSITION = {name: i for i, name in enumerate(feature_names_for(2))}  # Member's fields, in order


def replace_member(hh: Household, index: int, **changes: Any) -> Household:
    """`hh` with member `index`'s `changes` applied, each checked as reading checks it (the
    member's other values were checked when it was built). The flip search calls this ~100 times
    a row: rebuilding and re-checking all 130 values each time was most of a row's cost."""
    unknown = [k for k in changes if k not in ALL_FEATURES_BY_NAME]
    if unknown:
        raise HouseholdError(f"member {index}, feature {unknown[0]!r}", "unknown feature (not in the feature schema)")
    values = list(_VALUES[2](hh.members[index]))
    for name in sorted(changes, key=_POSITION.__getitem__):  # the first bad one in schema order, as reading
        f, value = ALL_FEATURES_BY_NAME[name], changes[name]
        problem = f.problem(value)
        if problem:
            raise HouseholdError(f"member {index}, feature {name!r}", problem)
        values[_POSITION[name]] = float(value) if f.type == "float" else value
    return Household(hh.members[:index] + (Member(*values),) + hh.members[index + 1 :], hh.feature_schema)


