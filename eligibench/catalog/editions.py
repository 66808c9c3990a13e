"""Editions: which rules the benchmark follows. An edition is a complete, reviewable set: the NYC
source snapshot its texts were curated from, its opportunity catalog, its checkers and the
household feature schema version the checkers read.

The 2024 edition (the paper's, the default) is `opportunities/*.yaml` with `checkers/*.py`. A
later edition lives beside it: `opportunities/<edition>/_edition.yaml` is its manifest, naming
every 2024 opportunity once as

- `kept`: the 2024 YAML and checker as they are (the source text is identical, or differs in
  markup only, or its substance was reviewed and the curated rule did not move), with why;
- `changed`: re-curated; its own `opportunities/<edition>/<Id>.yaml` and its own checker
  `checkers/editions/e<edition>/<module>.py` (ids stay, so editions compare by id);
- `removed`: left the source, with the reason;
- `pending`: changed in the source and not yet re-curated: outside the edition until done
  (an edition never carries a 2024 rule it has not reviewed);

plus `new`: programs first curated in this edition (own YAML and checker). docs/editions.md
says why this layout.
"""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from types import MappingProxyType
from typing import Collection, Mapping

import yaml

from eligibench.catalog.opportunities import Catalog, ReadingRow, default_dir, load_catalog, load_opportunity
from eligibench.errors import CatalogError

DEFAULT_EDITION = "2024"
MANIFEST = "_edition.yaml"
_KINDS = ("kept", "changed", "removed", "pending", "new")


@dataclass(frozen=True)
class Edition:
    name: str
    base: str | None  # the edition whose opportunities `kept` shares (None: this is the base)
    snapshot: str  # file name of the kvhd-5fmu pull the texts were curated from
    data_date: str | None
    feature_schema: int
    kept: Mapping[str, str]  # id -> why it is kept
    changed: tuple[str, ...]
    removed: Mapping[str, str]  # id -> reason
    pending: Mapping[str, str]  # id -> what changed in the source
    new: tuple[str, ...]
    folder: Path  # where this edition's own YAML lives

    @property
    def slug(self) -> str:
        """The edition as a Python/identifier-safe word: 2026-08 -> 2026_08."""
        return self.name.replace("-", "_")

    @property
    def opportunity_ids(self) -> tuple[str, ...]:
        return tuple(sorted([*self.kept, *self.changed, *self.new]))

    @property
    def own_ids(self) -> tuple[str, ...]:
        """Opportunities with this edition's own YAML and checker."""
        return tuple(sorted([*self.changed, *self.new]))

    def to_dict(self) -> dict:
        return {"edition": self.name, "base": self.base, "snapshot": self.snapshot, "data_date": self.data_date,
                "feature_schema": self.feature_schema, "kept": dict(self.kept), "changed": list(self.changed),
                "removed": dict(self.removed), "pending": dict(self.pending), "new": list(self.new)}


def editions_root() -> Path:
    return default_dir()


def base_edition(root: Path | None = None) -> Edition:
    folder = Path(root) if root else editions_root()
    ids = load_catalog(folder).ids
    return Edition(DEFAULT_EDITION, None, "kvhd-5fmu-2024.json", None, 1, MappingProxyType({i: "base edition" for i in ids}),
                   (), MappingProxyType({}), MappingProxyType({}), (), folder)


def available(root: Path | None = None) -> tuple[str, ...]:
    """Every edition the catalog holds: the base and each folder with a manifest."""
    folder = Path(root) if root else editions_root()
    return (DEFAULT_EDITION,) + tuple(sorted(p.parent.name for p in folder.glob(f"*/{MANIFEST}")))


# Feature schema versions (eligibench.household.schema.SCHEMA_VERSIONS; not imported: the catalog
# stages do not depend on the household package; tests/household/test_features_v2.py keeps them equal).
FEATURE_SCHEMAS = (1, 2)


def load_edition(name: str, root: Path | None = None) -> Edition:
    """The edition `name`, validated: every base opportunity named once, own files present."""
    root = Path(root) if root else editions_root()
    if name == DEFAULT_EDITION:
        return base_edition(root)
    path = root / name / MANIFEST
    if not path.exists():
        raise CatalogError(f"{path}: edition {name!r} not found (editions: {', '.join(available(root))})")
    raw = yaml.safe_load(path.read_text(encoding="utf-8"))
    if not isinstance(raw, dict):
        raise CatalogError(f"{path}: expected a mapping")
    if raw.get("edition") != name:
        raise CatalogError(f"{path}: field 'edition': expected {name!r}, got {raw.get('edition')!r}")
    for key in ("kept", "removed", "pending"):
        if not isinstance(raw.get(key) or {}, dict):
            raise CatalogError(f"{path}: field '{key}': expected a mapping of id -> reason")
    for key in ("changed", "new"):
        if not isinstance(raw.get(key) or [], list):
            raise CatalogError(f"{path}: field '{key}': expected a list of ids")
    schema = raw.get("feature_schema", 1)
    if schema not in FEATURE_SCHEMAS or isinstance(schema, bool):
        raise CatalogError(f"{path}: field 'feature_schema': expected one of {FEATURE_SCHEMAS} "
                           f"(docs/features-v2.md), got {schema!r}")
    ed = Edition(name, str(raw.get("base", DEFAULT_EDITION)), str(raw["snapshot"]), raw.get("data_date"),
                 int(raw.get("feature_schema", 1)), MappingProxyType(dict(raw.get("kept") or {})),
                 tuple(raw.get("changed") or ()), MappingProxyType(dict(raw.get("removed") or {})),
                 MappingProxyType(dict(raw.get("pending") or {})), tuple(raw.get("new") or ()), root / name)
    _validate(ed, load_edition(ed.base, root), path)
    return ed


def _validate(ed: Edition, base: Edition, path: Path) -> None:
    seen: dict[str, str] = {}
    for kind in _KINDS:
        for oid in getattr(ed, kind):
            if oid in seen:
                raise CatalogError(f"{path}: {oid} is listed under both '{seen[oid]}' and '{kind}'")
            seen[oid] = kind
    base_ids = set(base.opportunity_ids)
    for kind in ("kept", "changed", "removed", "pending"):
        for oid in getattr(ed, kind):
            if oid not in base_ids:
                raise CatalogError(f"{path}: field '{kind}': {oid} is not an opportunity of edition {base.name}")
    for oid in ed.new:
        if oid in base_ids:
            raise CatalogError(f"{path}: field 'new': {oid} is already in edition {base.name} (list it under 'changed')")
    missing = sorted(base_ids - set(seen))
    if missing:
        raise CatalogError(f"{path}: every {base.name} opportunity must be kept, changed, removed or pending; "
                           f"not named: {', '.join(missing)}")
    own = {p.stem for p in ed.folder.glob("*.yaml") if not p.name.startswith("_")}
    for oid in ed.own_ids:
        if oid not in own:
            raise CatalogError(f"{path}: {oid} is {seen[oid]} but {ed.folder / (oid + '.yaml')} does not exist")
    stray = sorted(own - set(ed.own_ids))
    if stray:
        raise CatalogError(f"{path}: {', '.join(stray)}: YAML in {ed.folder} but neither changed nor new")


def edition_catalog(ed: Edition, root: Path | None = None) -> Catalog:
    """The edition's opportunities: kept ones from its base, its own from its folder."""
    if ed.base is None:
        return load_catalog(ed.folder)
    base = edition_catalog(load_edition(ed.base, root), root)
    opps = [base[i] for i in ed.kept] + [load_opportunity(ed.folder / f"{i}.yaml") for i in ed.own_ids]
    for o in opps:
        if o.id in ed.own_ids and o.source.snapshot != ed.name:
            raise CatalogError(f"{ed.folder / (o.id + '.yaml')}: field 'source.snapshot': expected {ed.name!r} "
                               f"(this edition's pull), got {o.source.snapshot!r}")
    return Catalog(tuple(sorted(opps, key=lambda o: o.id)))


def source_block(row: Mapping, edition: str) -> dict:
    """The `source:` mapping of a YAML curated in `edition` from a kvhd-5fmu row (for curators)."""
    from eligibench.catalog.fingerprint import fingerprint
    from eligibench.catalog.opportunities import SOURCE_DATASET, eligibility_sha256

    text = row.get("plain_language_eligibility", "")
    return {"dataset": SOURCE_DATASET, "program_name": row["program_name"], "unique_id": row.get("unique_id_number"),
            "snapshot": edition, "eligibility_sha256": eligibility_sha256(text), "text_fingerprint": fingerprint(text)}


def load_readings(ed: Edition, vocabulary: Collection[str]) -> dict[str, tuple[ReadingRow, ...]]:
    """The edition's review tables (each own opportunity's YAML `readings:`, parsed by the catalog
    loader as in 2024), validated: one table per own opportunity, each feature in `vocabulary`, and
    each sentence verbatim in the requirements.

    `vocabulary` is `eligibench.truth.TABLE_FEATURES` (the schema's features plus
    `household_size`), the very names `table_mismatches` holds a table to, so the loader and the
    table-vs-checker comparison accept the same tables (the catalog does not import the household or
    truth packages, so the caller passes it). The member count is `household_size` here as in 2024:
    `hh.size` is its fact key, not a table name."""
    if ed.base is None:
        return {}
    catalog = {o.id: o for o in edition_catalog(ed).opportunities}
    out: dict[str, tuple[ReadingRow, ...]] = {}
    for oid in ed.own_ids:
        rows = catalog[oid].readings  # the catalog loader already requires a non-empty, well-formed table
        for i, row in enumerate(rows):
            where = f"{ed.folder / (oid + '.yaml')}: readings[{i}]"
            for f in row.features:
                if f not in vocabulary:
                    hint = " (the member count is 'household_size'; 'hh.size' is its fact key)" if "size" in f else ""
                    raise CatalogError(f"{where}: field 'features': {f!r} is not a review-table feature name{hint}")
            if " ".join(row.sentence.split()) not in " ".join(catalog[oid].requirements.split()):
                raise CatalogError(f"{where}: field 'sentence' is not in {oid}'s requirements: {row.sentence!r}")
        out[oid] = rows
    return out


def check_against_pull(ed: Edition, catalog: Catalog, rows: tuple[Mapping, ...]) -> list[str]:
    """What in the edition disagrees with its own pull: an own opportunity whose program is not in
    the pull or whose eligibility text's sha256 differs. [] when all agree."""
    from eligibench.catalog.opportunities import eligibility_sha256

    texts = {r["program_name"]: r.get("plain_language_eligibility", "") for r in rows}
    out = []
    for oid in ed.own_ids:
        src = catalog[oid].source
        if src.program_name not in texts:
            out.append(f"{ed.folder / (oid + '.yaml')}: program {src.program_name!r} is not in {ed.snapshot}")
        elif eligibility_sha256(texts[src.program_name]) != src.eligibility_sha256:
            out.append(f"{ed.folder / (oid + '.yaml')}: field 'source.eligibility_sha256' does not match "
                       f"{src.program_name!r} in {ed.snapshot}")
    return out
