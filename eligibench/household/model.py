"""Households and their members: typed, frozen, validated when built from outside data.

Our JSON layout is ``{"members": [{feature: value, ...}, ...]}`` with every one of the 124
features present for every member; member 0 is the person answering (relation "self").
"""
from __future__ import annotations

import dataclasses
import json
from dataclasses import dataclass
from typing import Any, Mapping

from eligibench.errors import HouseholdError
from eligibench.household.schema import FEATURE_NAMES, FEATURES, FEATURES_BY_NAME, PY_TYPES

MAX_MEMBERS = 6

# Built from the schema so that the 124 fields have one source of truth; slots keep
# attribute reads fast for the 820,000 traced checker runs of the Diverse stage.
Member = dataclasses.make_dataclass(
    "Member",
    [(f.name, PY_TYPES[f.type]) for f in FEATURES],
    frozen=True,
    slots=True,
)
Member.__module__ = __name__
Member.__doc__ = "One household member: the 124 v1 features as attributes (see features.json)."


def _member_from_mapping(raw: Any, where: str) -> Member:
    if not isinstance(raw, Mapping):
        raise HouseholdError(where, f"expected an object of features, got {type(raw).__name__}")
    unknown = [k for k in raw if k not in FEATURES_BY_NAME]
    if unknown:
        raise HouseholdError(f"{where}, feature {unknown[0]!r}", "unknown feature (not in the 124-feature schema)")
    missing = [n for n in FEATURE_NAMES if n not in raw]
    if missing:
        more = f" (and {len(missing) - 1} more)" if len(missing) > 1 else ""
        raise HouseholdError(f"{where}, feature {missing[0]!r}", f"missing{more}")
    values = {}
    for f in FEATURES:
        value = raw[f.name]
        problem = f.problem(value)
        if problem:
            raise HouseholdError(f"{where}, feature {f.name!r}", problem)
        values[f.name] = float(value) if f.type == "float" else value
    return Member(**values)


def member_to_dict(m: Member) -> dict[str, Any]:
    return {n: getattr(m, n) for n in FEATURE_NAMES}


@dataclass(frozen=True, slots=True)
class Household:
    members: tuple[Member, ...]

    def __post_init__(self) -> None:
        _check_roster(self.members)

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
        return cls(tuple(_member_from_mapping(m, f"member {i}") for i, m in enumerate(members)))

    def to_dict(self) -> dict[str, Any]:
        return {"members": [member_to_dict(m) for m in self.members]}

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


def member(**features: Any) -> Member:
    """A validated member from the given features, the rest from the schema defaults.

    For tests, examples and samplers; households read from files must give every feature.
    """
    values = {f.name: f.default for f in FEATURES}
    values.update(features)
    return _member_from_mapping(values, "member")


def household(*members: Member | Mapping[str, Any]) -> Household:
    """A household from members or from feature overrides (each dict goes through `member`)."""
    built = tuple(m if isinstance(m, Member) else member(**m) for m in members)
    return Household(built)


def replace_member(hh: Household, index: int, **changes: Any) -> Household:
    values = member_to_dict(hh.members[index]) | changes
    new = _member_from_mapping(values, f"member {index}")
    return Household(hh.members[:index] + (new,) + hh.members[index + 1 :])

