"""The data version: a digest of what a dataset IS, not of the files it was built from.

A dataset's version is sha256 over (1) the catalog it was built with (each opportunity's id,
name and requirement text, as published beside the rows) and (2) every row as it is published,
without its own `data_version` field, in row order. So different bytes can never share a version
(any change to a household, label, trace id, profile sentence or requirement text changes it),
and a code change that leaves every byte as it was (a comment, a refactor) keeps it.

The published folder's version combines the two datasets' versions; it names the folder
`data/<version>/` the Parquet files live in.
"""
from __future__ import annotations

import hashlib
import json
from dataclasses import replace
from typing import Any, Mapping, Sequence

from eligibench.datasets.rows import Row, row_record

PREFIX = "dv"  # "data version", so a version is never mistaken for a package version
CATALOG_FIELDS = ("id", "name", "category", "scope", "requirements")


def _canonical(value: Any) -> bytes:
    return json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False).encode("utf-8")


def catalog_content(catalog: Mapping[str, Any]) -> list[dict[str, Any]]:
    """The part of the catalog that reaches agents and the card (built catalog JSON layout)."""
    return sorted(({k: o.get(k) for k in CATALOG_FIELDS} for o in catalog["opportunities"]), key=lambda o: o["id"])


def content_version(rows: Sequence[Row], catalog: Mapping[str, Any]) -> str:
    h = hashlib.sha256(_canonical(catalog_content(catalog)))
    for r in rows:
        record = row_record(r)
        record.pop("data_version")
        h.update(b"\n" + _canonical(record))
    return f"{PREFIX}-{h.hexdigest()[:12]}"


def with_content_version(rows: Sequence[Row], catalog: Mapping[str, Any]) -> list[Row]:
    """The rows, each carrying the version of their content."""
    version = content_version(rows, catalog)
    return [replace(r, data_version=version) for r in rows]


def folder_version(versions: Mapping[str, str]) -> str:
    """The published folder's version: a digest of its datasets' versions."""
    return f"{PREFIX}-{hashlib.sha256(_canonical(dict(versions))).hexdigest()[:12]}"
