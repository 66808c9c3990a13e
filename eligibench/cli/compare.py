"""`benyfits compare RUN_A RUN_B`: paired comparison of two runs on the same protocol.

Prints one line per figure, e.g. ``A - B = +4.1 TW-F1 [1.2, 7.0], p = 0.01, n = 73 households``
(interval: paired household bootstrap; p: McNemar's exact test on pair correctness).
"""
from __future__ import annotations

import argparse
import json
from pathlib import Path

from eligibench.errors import BenyfitsError


def _run(store, run_id: str) -> dict:
    runs = [r for r in store.runs() if r["run_id"] == run_id or r["run_id"].startswith(run_id)]
    if not runs:
        raise BenyfitsError(f"{store.path}: no run {run_id!r}")
    if len(runs) > 1:
        raise BenyfitsError(f"{store.path}: run id prefix {run_id!r} is ambiguous ({len(runs)} runs)")
    return runs[0]


def run(args: argparse.Namespace) -> int:
    from eligibench.evaluation.scoring import FIGURES, compare_runs
    from eligibench.paths import default_store
    from eligibench.results import ResultStore

    path = Path(args.store) if args.store else default_store()
    if not path.exists():
        raise BenyfitsError(f"{path}: no results store")
    store = ResultStore(path)
    a, b = _run(store, args.run_a), _run(store, args.run_b)
    if a.get("protocol_id") != b.get("protocol_id"):
        raise BenyfitsError(f"runs {a['run_id'][:12]} and {b['run_id'][:12]} are on different protocols "
                            f"({a.get('protocol_id')} vs {b.get('protocol_id')}): a paired comparison needs the same one")
    c = compare_runs(store.dialog_results(a["run_id"]), store.dialog_results(b["run_id"]),
                     n_boot=args.n_boot, seed=args.seed, level=args.level)
    if c.households == 0:
        raise BenyfitsError("the two runs share no scored household: nothing to compare")
    name_a, name_b = a["submission"], b["submission"]
    if name_a == name_b:
        name_a, name_b = f"{name_a}@{a['run_id'][:8]}", f"{name_b}@{b['run_id'][:8]}"
    if args.json:
        print(json.dumps({"a": a["run_id"], "b": b["run_id"], "households": c.households,
                          "mcnemar": vars(c.mcnemar), "differences": {k: vars(d) for k, d in c.differences.items()}}))
        return 0
    for name in FIGURES:
        print(c.line(name, name_a, name_b))
    m = c.mcnemar
    print(f"McNemar: {m.a_only} pairs only {name_a} got right, {m.b_only} only {name_b}, of {m.pairs} pairs")
    return 0


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("compare", help="paired comparison of two runs (bootstrap interval and McNemar's test)")
    p.add_argument("run_a", help="run id (or a unique prefix)")
    p.add_argument("run_b")
    p.add_argument("--store", default=None, help="DuckDB results file (default: params.yaml evaluate.store)")
    p.add_argument("--n-boot", type=int, default=1000)
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--level", type=float, default=0.95)
    p.add_argument("--json", action="store_true", help="print the figures as one JSON object")
    p.set_defaults(func=run)
