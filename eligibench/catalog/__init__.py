"""The opportunity catalog: the curated `opportunities/*.yaml`, the NYC Open Data source they were
curated from, and drift between the two.

Modules:
- `source`: pull the "Benefits and Programs" rows (live Socrata API, or a snapshot file).
- `opportunities`: load and validate the curated catalog (`Catalog`, `Opportunity`).
- `plain_text`: eligibility HTML as plain text.
- `fingerprint`: MinHash fingerprints of source texts (stored in the YAML instead of the text).
- `drift`: changed, renamed, removed and new programs between the catalog and a pull.
- `text_diff`: what changed between two versions of a text (markup only, figures, sentences).
- `editions`: editions (2024, 2026-08): manifest, catalog and review tables per edition.
"""
from eligibench.catalog import drift  # namespace: its statuses (CHANGED, REMOVED) are generic
from eligibench.catalog.drift import DriftReport, detect
from eligibench.catalog.editions import (
    DEFAULT_EDITION,
    FEATURE_SCHEMAS,
    Edition,
    available,
    base_edition,
    check_against_pull,
    edition_catalog,
    load_edition,
    load_readings,
)
from eligibench.catalog.fingerprint import fingerprint as text_fingerprint
from eligibench.catalog.fingerprint import similarity
from eligibench.catalog.opportunities import (
    CATEGORIES,
    Catalog,
    ImpliedCondition,
    Opportunity,
    ReadingRow,
    eligibility_sha256,
    known_uncurated,
    load_catalog,
    load_opportunity,
)
from eligibench.catalog.source import SourcePull, edition_pull, load_snapshot, pull
from eligibench.catalog.text_diff import compare as compare_texts
from eligibench.catalog.text_diff import figures as text_figures

__all__ = [
    "Catalog",
    "DEFAULT_EDITION",
    "DriftReport",
    "Edition",
    "ImpliedCondition",
    "Opportunity",
    "ReadingRow",
    "SourcePull",
    "available",
    "base_edition",
    "check_against_pull",
    "detect",
    "edition_catalog",
    "edition_pull",
    "known_uncurated",
    "load_catalog",
    "load_edition",
    "load_opportunity",
    "load_readings",
    "pull",
    "FEATURE_SCHEMAS",
    "load_snapshot",
    "CATEGORIES",
    "eligibility_sha256",
    "similarity",
    "compare_texts",
    "text_figures",
    "text_fingerprint",
    "drift",
]
