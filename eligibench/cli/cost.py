"""`benyfits cost [RUN ...]`: dollars per run, per dialog and per correct verdict (and each
dialog's with --dialogs) from params.yaml's price table (`cost.tokens`, `cost.gpu_hour`); tokens
per correct verdict where no model of a run is priced. The figures are the board's cost table's:
both are `scoring.cost_rows` over `results.run_usage` (issue 36 item 4)."""
from __future__ import annotations

import argparse
from pathlib import Path

from eligibench.errors import BenyfitsError
from eligibench.terminal import safe  # run names and household ids are stored strings: may come from imports


def _money(v: float | None) -> str:
    return "—" if v is None else f"${v:.4f}"


def line(c) -> str:
    """One run's figures in words (a `scoring.CostRow`)."""
    head = f"{c.run_id[:12]}  {safe(c.submission)}: "
    if c.dollars is None:
        per = "no correct verdict" if c.tokens_per_correct is None else f"{c.tokens_per_correct:.0f} per correct verdict"
        return head + f"no price for its models; {c.tokens} tokens ({per})"
    per = "no correct verdict" if c.per_correct is None else f"{_money(c.per_correct)} per correct verdict"
    return head + f"{_money(c.dollars)} ({_money(c.per_dialog)} per dialog, {per})"


def run(args: argparse.Namespace) -> int:
    from eligibench import params
    from eligibench.cli.stores import existing_stores, searched_stores
    from eligibench.evaluation.scoring import PriceTable, agent_model, cost_rows, run_cost
    from eligibench.paths import LOCAL_STORE
    from eligibench.results import open_source, run_usage

    params_file = Path(args.params)
    if not params_file.is_file():
        raise BenyfitsError(f"{params_file}: no params file (the price table is its 'cost' section)")
    prices = PriceTable.from_params(params.load(params_file))
    usage = []  # (store, usage): the board's store, then the development store, unless --store (issue 36)
    for path in existing_stores(args.store):
        with open_source(path).reader() as r:
            usage += [(path, u) for u in run_usage(r)]
    if args.runs:
        usage = [(p, u) for p, u in usage if any(u.run_id.startswith(x) for x in args.runs)]
        missing = [x for x in args.runs if not any(u.run_id.startswith(x) for _, u in usage)]
        if missing:
            looked = " and ".join(str(p) for p in searched_stores(args.store))
            raise BenyfitsError(f"{looked}: no run matches {safe(', '.join(missing))} (`benyfits runs` lists the runs)")
    if prices.empty:
        print(f"cost: no prices in {params_file} (cost.tokens, cost.gpu_hour): tokens instead of dollars")
    shown = None
    for (path, u), c in zip(usage, cost_rows([u for _, u in usage], prices)):
        if path != shown and (shown is not None or Path(path).name == LOCAL_STORE.name):
            print(f"{'development runs' if Path(path).name == LOCAL_STORE.name else 'runs'} in {path}:")
        shown = path
        print(line(c))
        if args.dialogs:
            per = run_cost(u.dialogs, agent_model(u.agent_models), u.simulator, prices).dialogs
            for (ds, row, trial), v in sorted(per.items()):
                print(f"    {safe(ds)}/{safe(row)} trial {trial}: {_money(v)}")
    return 0


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("cost", help="dollars per run, per dialog and per correct verdict from params.yaml's price table")
    p.add_argument("runs", nargs="*", help="run ids or prefixes (default: every run)")
    p.add_argument("--store", default=None,
                   help="DuckDB results file (default: the board's store, then results/local.duckdb)")
    p.add_argument("--params", default="params.yaml")
    p.add_argument("--dialogs", action="store_true", help="also print each dialog's dollars")
    p.set_defaults(func=run)
