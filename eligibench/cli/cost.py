"""`benyfits cost [RUN ...]`: dollars per run (and per dialog with --dialogs) from params.yaml's
price table (`cost.tokens`, `cost.gpu_hour`; eligibench.evaluation.scoring.pricing)."""
from __future__ import annotations

import argparse
from pathlib import Path

from eligibench.errors import BenyfitsError


def run(args: argparse.Namespace) -> int:
    from eligibench import params
    from eligibench.evaluation.scoring import PriceTable, agent_model, run_cost
    from eligibench.paths import default_store
    from eligibench.results import ResultStore

    prices = PriceTable.from_params(params.load(Path(args.params)))
    if prices.empty:
        print(f"cost: no prices in {args.params} (cost.tokens, cost.gpu_hour): no dollar figures")
        return 0
    path = Path(args.store) if args.store else default_store()
    if not path.exists():
        raise BenyfitsError(f"{path}: no results store")
    store = ResultStore(path)
    runs = [r for r in store.runs() if not args.runs or any(r["run_id"].startswith(x) for x in args.runs)]
    if args.runs and not runs:
        raise BenyfitsError(f"{path}: no run matches {', '.join(args.runs)}")
    for r in runs:
        c = run_cost(store.dialog_results(r["run_id"]), agent_model(r.get("agent_models")), r.get("simulator"), prices)
        money = "no price for its models" if c.dollars is None else f"${c.dollars:.4f} (${c.per_dialog:.4f} per dialog)"
        print(f"{r['run_id'][:12]}  {r['submission']}: {money}")
        if args.dialogs:
            for (ds, row, trial), v in sorted(c.dialogs.items()):
                print(f"    {ds}/{row} trial {trial}: {'—' if v is None else f'${v:.4f}'}")
    return 0


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("cost", help="dollars per run and per dialog from params.yaml's price table")
    p.add_argument("runs", nargs="*", help="run ids or prefixes (default: every run)")
    p.add_argument("--store", default=None, help="DuckDB results file (default: params.yaml evaluate.store)")
    p.add_argument("--params", default="params.yaml")
    p.add_argument("--dialogs", action="store_true", help="also print each dialog's dollars")
    p.set_defaults(func=run)
