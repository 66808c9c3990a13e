"""Dataset rows (one household with its opportunities of interest and labels) and their
Parquet form, shared by the Diverse and Representative datasets."""
from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Sequence

import pyarrow as pa
import pyarrow.parquet as pq

from .household import Household
from .profile import render_profile
from .tracing import TracedChecker
from .v1format import household_from_v1, household_to_v1

SCHEMA = pa.schema([
    ("id", pa.string()),
    ("dataset", pa.string()),
    ("household", pa.string()),  # JSON, v1 layout {"features": {"members": [{"features": {...}}]}}
    ("members", pa.int32()),
    ("opportunities", pa.list_(pa.string())),
    ("labels", pa.list_(pa.bool_())),  # aligned with opportunities
    ("trace_ids", pa.list_(pa.string())),  # aligned with opportunities: the checker trace's id
    ("profile", pa.string()),
    ("roster", pa.string()),
    ("data_version", pa.string()),
])


@dataclass(frozen=True)
class Row:
    id: str
    dataset: str
    household: Household
    opportunities: tuple[str, ...]
    labels: tuple[bool, ...]
    trace_ids: tuple[str, ...]
    profile: str
    roster: str
    data_version: str


def build_row(row_id: str, dataset: str, hh: Household, opportunities: Sequence[str],
              checkers: dict[str, TracedChecker], version: str) -> Row:
    traces = [checkers[o].run(hh) for o in opportunities]
    profile = render_profile(hh)
    return Row(row_id, dataset, hh, tuple(opportunities), tuple(t.eligible for t in traces),
               tuple(t.id for t in traces), profile.text, profile.roster, version)


def write_parquet(path: Path | str, rows: Sequence[Row]) -> None:
    cols = {name: [] for name in SCHEMA.names}
    for r in rows:
        cols["id"].append(r.id)
        cols["dataset"].append(r.dataset)
        cols["household"].append(json.dumps(household_to_v1(r.household), sort_keys=True))
        cols["members"].append(r.household.size)
        cols["opportunities"].append(list(r.opportunities))
        cols["labels"].append(list(r.labels))
        cols["trace_ids"].append(list(r.trace_ids))
        cols["profile"].append(r.profile)
        cols["roster"].append(r.roster)
        cols["data_version"].append(r.data_version)
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_suffix(".tmp")
    pq.write_table(pa.table(cols, schema=SCHEMA), tmp, compression="zstd", write_statistics=False)
    tmp.replace(path)


def read_parquet(path: Path | str) -> list[Row]:
    t = pq.read_table(path, schema=SCHEMA).to_pylist()
    return [Row(d["id"], d["dataset"], household_from_v1(json.loads(d["household"])), tuple(d["opportunities"]),
                tuple(d["labels"]), tuple(d["trace_ids"]), d["profile"], d["roster"], d["data_version"]) for d in t]
