"""Compact, deterministic storage of many households (the fuzzed 10,000): gzip JSON lines of
member value arrays in schema order. Read back without re-validation: the file is ours."""
from __future__ import annotations

import gzip
import io
import json
from pathlib import Path
from typing import Sequence

from eligibench.files import write_text
from eligibench.household.model import Household, Member
from eligibench.household.schema import SCHEMA_VERSIONS, feature_names_for


def write_households(path: Path | str, households: Sequence[Household]) -> None:
    """One schema version per file (the first household's; the header names its features)."""
    schema = households[0].feature_schema if households else 1
    names = feature_names_for(schema)
    for i, hh in enumerate(households):
        if hh.feature_schema != schema:
            raise ValueError(f"{path}: household {i} has feature schema {hh.feature_schema}, the file {schema}")
    lines = [json.dumps({"features": list(names)})]
    lines += [json.dumps([[getattr(m, n) for n in names] for m in hh.members], separators=(",", ":")) for hh in households]
    buf = io.BytesIO()
    # mtime=0 and no file name in the header: same households, same bytes. Level 6, one write: the
    # 10,000 fuzzed households took 5.5 s to compress at gzip's default 9 a line at a time and 1.1 s
    # so (2.1 -> 2.5 MB; 2026-11-28, loaded 2 cores)
    with gzip.GzipFile(fileobj=buf, mode="wb", mtime=0, filename="", compresslevel=6) as gz:
        gz.write(("\n".join(lines) + "\n").encode())
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_suffix(path.suffix + ".tmp")
    tmp.write_bytes(buf.getvalue())
    tmp.replace(path)


def read_households(path: Path | str) -> list[Household]:
    with gzip.open(path, "rt", encoding="utf-8") as f:
        header = json.loads(f.readline())
        schema = next((v for v in SCHEMA_VERSIONS if tuple(header["features"]) == feature_names_for(v)), None)
        if schema is None:
            raise ValueError(f"{path}: written with a different feature schema; rebuild it (dvc repro)")
        # version-2 columns are the last ones, so positional values fit either version
        return [Household(tuple(Member(*values) for values in json.loads(line)), schema) for line in f]


__all__ = ["write_households", "read_households", "write_text"]
