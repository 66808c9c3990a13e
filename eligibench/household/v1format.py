"""BeNYfits v1 record layout and JSON-lines files, so users can evaluate on v1 data.

A v1 household is ``{"features": {"members": [{"features": {...}}, ...]}}``. A v1 JSON line
holds the household under ``hh``, the opportunities of interest under ``edge_case_programs``,
and one boolean label per opportunity: under ``labels`` or as top-level keys named by
opportunity id (both layouts are read).
"""
from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Iterator, Mapping

from eligibench.errors import BenyfitsError, HouseholdError
from eligibench.household.model import Household, member_to_dict


def household_to_v1(hh: Household) -> dict[str, Any]:
    return {"features": {"members": [{"features": member_to_dict(m, hh.feature_schema)} for m in hh.members]}}


def household_from_v1(raw: Any) -> Household:
    if not isinstance(raw, Mapping) or not isinstance(raw.get("features"), Mapping):
        raise HouseholdError("hh", 'expected {"features": {"members": [...]}}')
    members = raw["features"].get("members")
    if not isinstance(members, list):
        raise HouseholdError("hh.features.members", f"expected a list, got {type(members).__name__}")
    flat = []
    for i, m in enumerate(members):
        if not isinstance(m, Mapping) or not isinstance(m.get("features"), Mapping):
            raise HouseholdError(f"hh.features.members[{i}]", 'expected {"features": {...}}')
        flat.append(dict(m["features"]))
    return Household.from_dict({"members": flat})


@dataclass(frozen=True)
class LabeledHousehold:
    """A household with its opportunities of interest and, when known, their labels."""

    household: Household
    opportunities: tuple[str, ...]
    labels: Mapping[str, bool]


class RowError(BenyfitsError):
    def __init__(self, path: Path | str, row: int, problem: str):
        self.path, self.row, self.problem = str(path), row, problem
        super().__init__(f"{path}: row {row}: {problem}")


def parse_v1_row(raw: Any, known_ids: frozenset[str] | None = None) -> LabeledHousehold:
    if not isinstance(raw, Mapping):
        raise HouseholdError("", f"expected a JSON object, got {type(raw).__name__}")
    if "hh" not in raw:
        raise HouseholdError("", 'missing key "hh" (the household)')
    hh = household_from_v1(raw["hh"])
    programs = raw.get("edge_case_programs", [])
    if not isinstance(programs, list) or not all(isinstance(p, str) for p in programs):
        raise HouseholdError("edge_case_programs", "expected a list of opportunity ids")
    labels: dict[str, bool] = {}
    nested = raw.get("labels", {})
    if not isinstance(nested, Mapping):
        raise HouseholdError("labels", "expected an object of opportunity id -> true/false")
    candidates = dict(nested)
    candidates.update({k: v for k, v in raw.items() if k not in ("hh", "edge_case_programs", "labels")})
    for key, value in candidates.items():
        if known_ids is not None and key not in known_ids:
            if key in nested:
                raise HouseholdError(f"labels.{key}", "unknown opportunity id")
            continue  # other top-level bookkeeping keys are not labels
        if not isinstance(value, bool):
            raise HouseholdError(f"label {key!r}", f"got {value!r}, expected true or false")
        labels[key] = value
    if known_ids is not None:
        for p in programs:
            if p not in known_ids:
                raise HouseholdError("edge_case_programs", f"unknown opportunity id {p!r}")
    return LabeledHousehold(hh, tuple(programs), labels)


def read_jsonl(path: Path | str) -> Iterator[tuple[int, str]]:
    """(row number from 1, line text) for each non-blank line."""
    try:
        f = open(path, encoding="utf-8")
    except IsADirectoryError:
        raise RowError(path, 0, "is a directory, expected a JSON-lines file") from None
    except OSError as e:
        raise RowError(path, 0, f"cannot be read: {e.strerror or e}") from None
    with f:
        i = 0
        while True:
            try:
                line = f.readline()
            except UnicodeDecodeError as e:
                raise RowError(path, i + 1, f"not UTF-8 (byte {e.start} of the line)") from None
            if not line:
                return
            i += 1
            if line.strip():
                yield i, line


def iter_v1_file(path: Path | str, known_ids: frozenset[str] | None = None) -> Iterator[LabeledHousehold | RowError]:
    """Each row parsed, or a RowError naming the row and field; bad rows do not stop the rest."""
    for row, line in read_jsonl(path):
        try:
            raw = json.loads(line)
        except json.JSONDecodeError as e:
            yield RowError(path, row, f"not valid JSON ({e.msg} at column {e.colno}; truncated line?)")
            continue
        except RecursionError:
            yield RowError(path, row, "JSON nested too deeply")
            continue
        try:
            yield parse_v1_row(raw, known_ids)
        except HouseholdError as e:
            yield RowError(path, row, str(e))


def load_v1_file(path: Path | str, known_ids: frozenset[str] | None = None) -> list[LabeledHousehold]:
    """All rows, or the first bad row's error."""
    out = []
    for item in iter_v1_file(path, known_ids):
        if isinstance(item, RowError):
            raise item
        out.append(item)
    return out


def labeled_to_v1_row(item: LabeledHousehold) -> dict[str, Any]:
    return {"hh": household_to_v1(item.household), "edge_case_programs": list(item.opportunities), "labels": dict(item.labels)}
