"""The opportunity catalog: `opportunities/<Id>.yaml`, validated with file and field in every error."""
from __future__ import annotations

import hashlib
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import yaml

from eligibench.errors import CatalogError

# libyaml's loader where PyYAML has it: the same values, 10x faster (the 82-file catalog loads in
# 0.08 s instead of 0.75 s; the test suite loads it dozens of times, collection alone 9 times).
_YAML_LOADER = getattr(yaml, "CSafeLoader", yaml.SafeLoader)

CATEGORIES = (
    "tax credits and exemptions",
    "child care and early education",
    "schools and youth programs",
    "college and training",
    "work and income",
    "housing",
    "food",
    "health",
    "utilities",
    "family and social services",
    "civic and legal services",
    "transportation",
)
SCOPES = ("individual", "household")
SOURCE_DATASET = "kvhd-5fmu"
_ID = re.compile(r"^[A-Z][A-Za-z]+$")
_SHA = re.compile(r"^[0-9a-f]{64}$")
_FIELDS = ("id", "name", "category", "scope", "source", "split", "interpretation", "implied", "requirements", "readings")
_IMPLIED_FIELDS = ("condition", "reason")
_READING_FIELDS = ("condition", "features", "threshold", "sentence")
_SOURCE_FIELDS = ("dataset", "program_name", "unique_id", "snapshot", "eligibility_sha256", "text_fingerprint")
_FINGERPRINT = re.compile(r"^[0-9a-f]{256}$")


def eligibility_sha256(html: str) -> str:
    """The fingerprint of a source row's eligibility text (UTF-8 bytes, exactly as published)."""
    return hashlib.sha256(html.encode("utf-8")).hexdigest()


@dataclass(frozen=True)
class Source:
    dataset: str
    program_name: str
    unique_id: str | None
    snapshot: str
    eligibility_sha256: str
    text_fingerprint: str  # eligibench.fingerprint of the source text: measures drift, holds no text


@dataclass(frozen=True)
class ImpliedCondition:
    """A condition the checker adds that the NYC source text does not state, and why."""

    condition: str
    reason: str


@dataclass(frozen=True)
class ReadingRow:
    """One row of an opportunity's review table (issue 19): a condition as a reader of the
    requirement text states it, the household features it reads, its threshold as printed (None
    without one) and the sentence of the source it comes from ('' for a YAML reading)."""

    condition: str
    features: tuple[str, ...]
    threshold: str | None
    sentence: str


@dataclass(frozen=True)
class Opportunity:
    id: str
    name: str
    category: str
    scope: str
    source: Source
    split: str | None
    interpretation: tuple[str, ...]
    implied: tuple[ImpliedCondition, ...]
    requirements: str
    readings: tuple[ReadingRow, ...]

    def to_dict(self) -> dict[str, Any]:
        return {
            "id": self.id, "name": self.name, "category": self.category, "scope": self.scope,
            "source": vars(self.source).copy(), "split": self.split,
            "interpretation": list(self.interpretation),
            "implied": [{"condition": c.condition, "reason": c.reason} for c in self.implied],
            "requirements": self.requirements,
            "readings": [
                {"condition": r.condition, "features": list(r.features), "threshold": r.threshold, "sentence": r.sentence}
                for r in self.readings
            ],
        }


def _need(cond: bool, path: Path, field: str, problem: str) -> None:
    if not cond:
        raise CatalogError(f"{path}: field '{field}': {problem}")


def _string(raw: dict, key: str, path: Path, field: str | None = None, optional: bool = False) -> str | None:
    value = raw.get(key)
    if optional and value is None:
        return None
    _need(isinstance(value, str) and value.strip() != "", path, field or key, f"expected a non-empty string, got {value!r}")
    return value


def _read_text(path: Path) -> str:
    """A catalog file's text; what makes it unreadable (a folder, a symlink loop, not UTF-8) is
    a CatalogError naming the file."""
    if path.is_dir():
        raise CatalogError(f"{path}: is a folder, expected an opportunity file")
    try:
        return path.read_text(encoding="utf-8")
    except UnicodeDecodeError as e:
        raise CatalogError(f"{path}: not UTF-8 text (byte {e.start}: {e.reason})") from None
    except OSError as e:
        raise CatalogError(f"{path}: cannot be read: {e.strerror or e}") from None


def load_opportunity(path: Path) -> Opportunity:
    try:
        raw = yaml.load(_read_text(path), Loader=_YAML_LOADER)  # noqa: S506 (a safe loader)
    except yaml.YAMLError as e:
        mark = getattr(e, "problem_mark", None)
        where = f" (line {mark.line + 1}, column {mark.column + 1})" if mark else ""
        raise CatalogError(f"{path}: malformed YAML{where}: {getattr(e, 'problem', e)}") from None
    if not isinstance(raw, dict):
        raise CatalogError(f"{path}: expected a mapping of fields, got {type(raw).__name__}")
    for key in _FIELDS:
        _need(key in raw, path, key, "missing")
    unknown = sorted(set(raw) - set(_FIELDS))
    _need(not unknown, path, unknown[0] if unknown else "", f"unknown field (allowed: {', '.join(_FIELDS)})")
    oid = _string(raw, "id", path)
    _need(bool(_ID.match(oid)), path, "id", f"{oid!r} must be CamelCase letters")
    _need(oid == path.stem, path, "id", f"{oid!r} must match the file name {path.stem!r}")
    category = _string(raw, "category", path)
    _need(category in CATEGORIES, path, "category", f"{category!r} is not one of: {', '.join(CATEGORIES)}")
    scope = _string(raw, "scope", path)
    _need(scope in SCOPES, path, "scope", f"{scope!r} is not one of: {', '.join(SCOPES)}")
    src = raw["source"]
    _need(isinstance(src, dict), path, "source", "expected a mapping")
    for key in _SOURCE_FIELDS:
        _need(key in src, path, f"source.{key}", "missing")
    _need(src["dataset"] == SOURCE_DATASET, path, "source.dataset", f"expected {SOURCE_DATASET!r}")
    sha = _string(src, "eligibility_sha256", path, "source.eligibility_sha256")
    _need(bool(_SHA.match(sha)), path, "source.eligibility_sha256", "expected 64 lowercase hex digits")
    fp = _string(src, "text_fingerprint", path, "source.text_fingerprint")
    _need(bool(_FINGERPRINT.match(fp)), path, "source.text_fingerprint", "expected 256 lowercase hex digits (benyfits fingerprint)")
    source = Source(
        SOURCE_DATASET,
        _string(src, "program_name", path, "source.program_name"),
        _string(src, "unique_id", path, "source.unique_id", optional=True),
        str(src["snapshot"]),
        sha,
        fp,
    )
    interp = raw["interpretation"]
    _need(isinstance(interp, list), path, "interpretation", "expected a list of strings")
    for i, line in enumerate(interp):
        _need(isinstance(line, str) and bool(line.strip()), path, f"interpretation[{i}]", "expected a non-empty string")
    return Opportunity(
        oid, _string(raw, "name", path), category, scope, source,
        _string(raw, "split", path, optional=True), tuple(interp), _implied(raw["implied"], path),
        _string(raw, "requirements", path).strip() + "\n",
        _readings(raw["readings"], path),
    )


def _readings(raw: Any, path: Path) -> tuple[ReadingRow, ...]:
    """`readings`: the review table, a non-empty list of {condition, features, threshold, sentence}."""
    _need(isinstance(raw, list) and bool(raw), path, "readings", f"expected a non-empty list of {{{', '.join(_READING_FIELDS)}}}")
    out = []
    for i, item in enumerate(raw):
        where = f"readings[{i}]"
        _need(isinstance(item, dict), path, where, f"expected a mapping with {', '.join(_READING_FIELDS)}")
        unknown = sorted(set(item) - set(_READING_FIELDS))
        _need(not unknown, path, f"{where}.{unknown[0] if unknown else ''}", f"unknown field (allowed: {', '.join(_READING_FIELDS)})")
        for key in _READING_FIELDS:
            _need(key in item, path, f"{where}.{key}", "missing")
        condition = _string(item, "condition", path, f"{where}.condition")
        features = item["features"]
        _need(isinstance(features, list), path, f"{where}.features", "expected a list of feature names ([] for none)")
        # names are held to the checker's by tests/checkers/test_readings_table.py (the catalog
        # stages do not depend on the household schema)
        for j, f in enumerate(features):
            _need(isinstance(f, str) and bool(f.strip()), path, f"{where}.features[{j}]", f"expected a feature name, got {f!r}")
        threshold = item["threshold"]
        _need(threshold is None or isinstance(threshold, str), path, f"{where}.threshold", f"expected a string or null, got {threshold!r}")
        sentence = item["sentence"]
        _need(isinstance(sentence, str), path, f"{where}.sentence", f"expected a string ('' for a YAML reading), got {sentence!r}")
        out.append(ReadingRow(" ".join(condition.split()), tuple(features), threshold, sentence))
    return tuple(out)


def _implied(raw: Any, path: Path) -> tuple[ImpliedCondition, ...]:
    """`implied`: a list (empty when the checker adds nothing) of {condition, reason}."""
    _need(isinstance(raw, list), path, "implied", "expected a list of {condition, reason} (use [] for none)")
    out = []
    for i, item in enumerate(raw):
        _need(isinstance(item, dict), path, f"implied[{i}]", f"expected a mapping with {', '.join(_IMPLIED_FIELDS)}")
        unknown = sorted(set(item) - set(_IMPLIED_FIELDS))
        _need(not unknown, path, f"implied[{i}].{unknown[0] if unknown else ''}", f"unknown field (allowed: {', '.join(_IMPLIED_FIELDS)})")
        for key in _IMPLIED_FIELDS:
            _need(key in item, path, f"implied[{i}].{key}", "missing")
            _string(item, key, path, f"implied[{i}].{key}")
        out.append(ImpliedCondition(" ".join(item["condition"].split()), " ".join(item["reason"].split())))
    return tuple(out)


@dataclass(frozen=True)
class Catalog:
    opportunities: tuple[Opportunity, ...]

    def __post_init__(self) -> None:
        object.__setattr__(self, "_by_id", {o.id: o for o in self.opportunities})

    def __getitem__(self, oid: str) -> Opportunity:
        return self._by_id[oid]  # type: ignore[attr-defined]

    def __contains__(self, oid: object) -> bool:
        return oid in self._by_id  # type: ignore[attr-defined]

    def __len__(self) -> int:
        return len(self.opportunities)

    @property
    def ids(self) -> tuple[str, ...]:
        return tuple(o.id for o in self.opportunities)


def default_dir() -> Path:
    """opportunities/ at the project root (the folder beside this package)."""
    return Path(__file__).resolve().parents[2] / "opportunities"


def load_catalog(directory: Path | None = None) -> Catalog:
    directory = Path(directory) if directory else default_dir()
    if not directory.is_dir():
        raise CatalogError(f"{directory}: opportunity folder not found")
    found: dict[str, Path] = {}
    opps = []
    for path in sorted(directory.glob("*.yaml")):
        if path.name.startswith("_"):
            continue  # bookkeeping files, not opportunities
        opp = load_opportunity(path)
        # ids equal file stems, so a clash can only differ in case: it would overwrite on
        # case-insensitive file systems (macOS, Windows), so it is a duplicate.
        key = opp.id.lower()
        if key in found:
            raise CatalogError(f"{path}: field 'id': duplicate id {opp.id!r} (clashes with {found[key]})")
        found[key] = path
        opps.append(opp)
    if not opps:
        raise CatalogError(f"{directory}: no opportunity files (*.yaml)")
    return Catalog(tuple(opps))


def known_uncurated(directory: Path | None = None) -> frozenset[str]:
    """Source program names deliberately left out of the catalog (not v1 opportunities)."""
    path = (Path(directory) if directory else default_dir()) / "_not_curated.yaml"
    if not path.exists():
        return frozenset()
    raw = yaml.safe_load(_read_text(path))
    names = raw.get("programs") if isinstance(raw, dict) else None
    if not isinstance(names, list) or not all(isinstance(n, str) for n in names):
        raise CatalogError(f"{path}: field 'programs': expected a list of program names")
    return frozenset(names)
