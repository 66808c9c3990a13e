"""Dataset rows (one household with its opportunities of interest and labels) and their
Parquet form, shared by the Diverse and Representative datasets."""
from __future__ import annotations

import json
import sys
from dataclasses import dataclass
from functools import lru_cache, partial
from pathlib import Path
from typing import Sequence

import pyarrow as pa
import pyarrow.parquet as pq

from eligibench.household import ALWAYS_KNOWN, Household, household_from_v1, household_to_v1, render_profile
from eligibench.truth import TracedChecker, derive_priorities, find_flip, verify_flip

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
    # aligned with opportunities: the fact keys ("m2.age", "hh.size"; household.facts) the
    # checker read for this household, i.e. the facts its verdict depended on (less the ones
    # always known: member 0 is the person answering)
    ("needed_facts", pa.list_(pa.list_(pa.string()))),
    # aligned with opportunities: the smallest change a person could make that flips the verdict,
    # JSON {"feature", "member", "from", "to", "condition"} ("" when no one-feature change does;
    # eligibench.truth.counterfactual), verified by re-running the checker
    ("flip", pa.list_(pa.string())),
    # aligned with opportunities: how much each matters to the household (nonnegative, summing to 1;
    # eligibench.truth.priorities: rules over program kind and household need, plus seeded noise)
    ("priorities", pa.list_(pa.float64())),
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
    needed_facts: tuple[tuple[str, ...], ...] = ()  # aligned with opportunities; () in rows read from older files
    flips: tuple[str, ...] = ()  # aligned with opportunities (SCHEMA "flip"); () in rows read from older files
    # aligned with opportunities; () in rows read from older files (read them with truth.priorities_of)
    priorities: tuple[float, ...] = ()


def build_row(row_id: str, dataset: str, hh: Household, opportunities: Sequence[str],
              checkers: dict[str, TracedChecker], version: str = "", flips: bool = True) -> Row:
    """A row; its data version is set once the whole dataset is built (datasets.version).
    `flips=False` leaves the `flip` column empty: the counterfactual search is ~98% of a row's
    cost (161 ms of 164 per fuzzed household, 2026-11-25), too much for the train split's thousands."""
    runs = [checkers[o].run_reads(hh) for o in opportunities]
    traces = [t for t, _ in runs]
    profile = render_profile(hh)
    found = [find_flip(checkers[o], hh) for o in opportunities] if flips else [None] * len(opportunities)
    return Row(row_id, dataset, hh, tuple(opportunities), tuple(t.eligible for t in traces),
               tuple(t.id for t in traces), profile.text, profile.roster, version,
               tuple(tuple(sorted(reads - ALWAYS_KNOWN)) for _, reads in runs),
               tuple("" if f is None else f.to_json() for f in found),
               derive_priorities(hh, opportunities))


@dataclass(frozen=True)
class RowSpec:
    """What `build_row` needs of one row besides the checkers."""
    id: str
    dataset: str
    household: Household
    opportunities: tuple[str, ...]


def build_rows(specs: Sequence[RowSpec], checkers: dict[str, TracedChecker], flips: bool = True,
               desc: str | None = None) -> list[Row]:
    """`build_row` of every spec, in order, over worker processes (`eligibench.parallel`): a row
    draws nothing, so the rows are the same whatever the number of processes. Each worker traces
    its own copy of the checkers, imported by module name (about 1 s a worker for 129 checkers);
    checkers that do not import by name (a test's) stay in this process."""
    from eligibench.parallel import Workers, processes

    names = _checker_names(checkers)
    count = 1 if names is None else min(processes(), max(1, len(specs) // _MIN_ROWS_PER_WORKER))
    with Workers(count, preload=("eligibench.datasets.rows", "checkers")) as workers:
        if workers.count == 1:
            fn = partial(_build_local, checkers, flips)
        else:
            fn = partial(_build_named, names, flips)
        return list(workers.map(fn, specs, what="row", chunk=20, desc=desc))


# Below this many rows a worker's start (imports, tracing the checkers: about 1-2 s) costs more than it saves.
_MIN_ROWS_PER_WORKER = 200


def _checker_names(checkers: dict[str, TracedChecker]) -> tuple[tuple[str, str], ...] | None:
    """(opportunity, module name) of each traced checker, or None when one does not import by
    name as the same module."""
    out = []
    for oid, c in checkers.items():
        name = str(getattr(c, "_ns", {}).get("__name__", "")).removesuffix("__traced")
        module = sys.modules.get(name)
        if module is None or getattr(module, "__file__", None) is None:
            return None
        out.append((oid, name))
    return tuple(out)


@lru_cache(maxsize=4)
def _traced(names: tuple[tuple[str, str], ...]) -> dict[str, TracedChecker]:
    import importlib

    from eligibench.truth import traced_checkers

    return traced_checkers({oid: importlib.import_module(name) for oid, name in names})


def _build_named(names: tuple[tuple[str, str], ...], flips: bool, spec: RowSpec) -> Row:
    return _build_local(_traced(names), flips, spec)


def _build_local(checkers: dict[str, TracedChecker], flips: bool, spec: RowSpec) -> Row:
    return build_row(spec.id, spec.dataset, spec.household, spec.opportunities, checkers, flips=flips)


def unverified_flips(rows: Sequence[Row], checkers: dict[str, TracedChecker]) -> list[str]:
    """Every published flip that does not flip its verdict when applied (re-running the checker),
    or a missing flip the search would find, as "row opportunity: flip"."""
    out = []
    for r in rows:
        for o, flip in zip(r.opportunities, r.flips):
            if not verify_flip(checkers[o], r.household, flip):
                out.append(f"{r.id} {o}: {flip or 'no flip recorded'}")
    return out


def row_record(r: Row) -> dict:
    """A row exactly as published (one value per SCHEMA column)."""
    return {"id": r.id, "dataset": r.dataset, "household": json.dumps(household_to_v1(r.household), sort_keys=True),
            "members": r.household.size, "opportunities": list(r.opportunities), "labels": list(r.labels),
            "trace_ids": list(r.trace_ids), "profile": r.profile, "roster": r.roster, "data_version": r.data_version,
            "needed_facts": [list(k) for k in r.needed_facts], "flip": list(r.flips),
            "priorities": list(r.priorities)}


def write_parquet(path: Path | str, rows: Sequence[Row]) -> None:
    cols = {name: [] for name in SCHEMA.names}
    for r in rows:
        for name, value in row_record(r).items():
            cols[name].append(value)
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_suffix(".tmp")
    pq.write_table(pa.table(cols, schema=SCHEMA), tmp, compression="zstd", write_statistics=False)
    tmp.replace(path)


def read_columns(path: Path | str, columns: Sequence[str] | None = None) -> pa.Table:
    """`columns` (default all) of one Parquet file. Through `ParquetFile`, not `pq.read_table`:
    read_table imports pyarrow.dataset, which imports pandas, 0.75 s of every process that read a
    dataset (each DVC stage, each CLI command; 2026-11-28), for a file it reads the same way."""
    return pq.ParquetFile(path).read(columns=list(columns) if columns is not None else None)


def read_parquet(path: Path | str) -> list[Row]:
    # Files published before needed facts (flips, priorities) existed lack that column: their rows get none.
    names = set(pq.read_schema(path).names)
    columns = [n for n in SCHEMA.names if n in names]
    table = read_columns(path, columns)
    wanted = pa.schema([SCHEMA.field(n) for n in columns])
    t = (table if table.schema.equals(wanted) else table.cast(wanted)).to_pylist()
    return [Row(d["id"], d["dataset"], household_from_v1(json.loads(d["household"])), tuple(d["opportunities"]),
                tuple(d["labels"]), tuple(d["trace_ids"]), d["profile"], d["roster"], d["data_version"],
                tuple(tuple(k) for k in d.get("needed_facts") or ()), tuple(d.get("flip") or ()),
                tuple(d.get("priorities") or ())) for d in t]
