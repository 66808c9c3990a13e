"""`benyfits runs`: the runs of both results stores, one line each (short id, agent, protocol,
status, F1, date), grouped by store: the board's (params.yaml `evaluate.store`, built by `dvc
repro`) then the development store (results/local.duckdb, where `benyfits evaluate` writes).
Every command taking a run id (view, export-run, compare, export-trajectories, regrade, cost)
accepts the short id shown here, and its errors name this command."""
from __future__ import annotations

import argparse
import json
from pathlib import Path

from eligibench.cli.project import add_project_option

SHORT = 12  # id characters shown: what cost and regrade print too; any unique prefix is accepted


def _f1(store, run_id: str) -> float | None:
    from eligibench.results import AVERAGE

    return next((m["value"] for m in store.metrics(run_id) if m["dataset"] == AVERAGE and m["name"] == "f1"), None)


def rows(store_path: Path) -> list[dict]:
    """The store's runs as plain fields, oldest first."""
    from eligibench.results import ResultStore, parse_protocol

    store = ResultStore(store_path)
    out = []
    for r in store.runs():
        proto = parse_protocol(r.get("protocol_id"), r.get("protocol"))
        created = r.get("created_at")
        out.append({"run_id": r["run_id"], "agent": r["submission"], "protocol": proto.id, "kind": proto.kind,
                    "status": r.get("status") or "", "f1": _f1(store, r["run_id"]),
                    "date": created.strftime("%Y-%m-%d %H:%M") if hasattr(created, "strftime") else str(created or ""),
                    "store": str(store_path)})
    return out


def run(args: argparse.Namespace) -> int:
    from eligibench.cli.stores import existing_stores
    from eligibench.terminal import safe  # agent names are stored strings (imports, other stores)

    found = [(p, rows(p)) for p in existing_stores(args.store, Path(args.project))]
    if args.json:
        print(json.dumps([r for _, rs in found for r in rs]))
        return 0
    for path, rs in found:
        print(f"{len(rs)} run(s) in {path}:")
        for r in rs:
            f1 = "-" if r["f1"] is None else f"{r['f1']:.1f}"
            print(safe(f"  {r['run_id'][:SHORT]:<{SHORT}}  {r['agent']:<24} {r['kind']} {r['protocol'][:10]:<10}  "
                       f"{r['status']:<10} F1 {f1:>5}  {r['date']}"))
    print("view one: benyfits view ID (a unique prefix of the id is enough)")
    return 0


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("runs", help="list the runs of both results stores (id, agent, protocol, status, F1, date)")
    p.add_argument("--store", default=None,
                   help="DuckDB results file (default: the board's store, then results/local.duckdb)")
    add_project_option(p)
    p.add_argument("--json", action="store_true", help="print the runs as one JSON list (full ids, the store of each)")
    p.set_defaults(func=run)
