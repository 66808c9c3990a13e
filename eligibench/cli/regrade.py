"""`benyfits regrade RUN ...|--all`: re-score stored runs against the current checkers of each
run's edition, with no model calls (eligibench.evaluation.regrade). Each regraded run gets a new
grading (the earlier ones are kept); every pair whose label changed is printed."""
from __future__ import annotations

import argparse
from pathlib import Path

from eligibench.errors import BenyfitsError
from eligibench.terminal import safe  # names, household ids and reasons quote stored strings


def _bootstrap(params_file: Path) -> int:
    from eligibench import params
    from eligibench.evaluation.regrade import DEFAULT_BOOTSTRAP

    if not params_file.is_file():
        return DEFAULT_BOOTSTRAP
    value = params.optional_section(params.load(params_file), "evaluate").get("bootstrap", DEFAULT_BOOTSTRAP)
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        raise BenyfitsError(f"{params_file}: 'evaluate.bootstrap' must be an integer >= 0, got {value!r}")
    return value


def _word(v: bool | None) -> str:
    return "no answer" if v is None else ("eligible" if v else "not eligible")


def run(args: argparse.Namespace) -> int:
    from eligibench.cli.stores import existing_stores, find_runs
    from eligibench.evaluation.regrade import regrade_runs
    from eligibench.results import ResultStore

    if bool(args.all) == bool(args.runs):
        raise BenyfitsError("regrade: name run ids (or prefixes), or give --all, not both (`benyfits runs` lists the runs)")
    bootstrap = _bootstrap(Path(args.params))
    if args.runs:  # each id or unique prefix found in either store (cli.stores.find_runs), regraded where it is
        by_store: dict[Path, list[str]] = {}
        for store, r in find_runs(args.runs, args.store):
            by_store.setdefault(Path(store.path), []).append(r["run_id"])
        done = [g for path, ids in by_store.items() for g in regrade_runs(ResultStore(path), tuple(ids), bootstrap)]
    else:  # --all: every run of every searched store
        done = [g for path in existing_stores(args.store) for g in regrade_runs(ResultStore(path), (), bootstrap)]
    for g in done:
        if g.skipped:
            print(safe(f"{g.run_id[:12]}  {g.submission}: not regraded: {g.skipped}"))
            continue
        if g.grading is None:
            print(safe(f"{g.run_id[:12]}  {g.submission}: already graded with ground truth {g.ground_truth}"))
            continue
        print(safe(f"{g.run_id[:12]}  {g.submission}: grading {g.grading}, ground truth {g.before or 'not recorded'} -> "
                   f"{g.ground_truth}, {len(g.changes)} label(s) changed"))
        for c in g.changes:
            print(safe(f"    {c.dataset}/{c.row_id} trial {c.trial} {c.opportunity}: label {_word(c.old)} -> {_word(c.new)} "
                       f"(agent said {_word(c.predicted)})"))
        for words in g.stale:
            print(safe(f"    not regraded: {words}"))
    changed = sum(g.grading is not None for g in done)
    print(f"regrade: {changed} of {len(done)} run(s) regraded, {sum(len(g.changes) for g in done)} label(s) changed")
    return 0


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("regrade", help="re-score stored runs against the current checkers (no model calls)")
    p.add_argument("runs", nargs="*", help="run ids or unique prefixes, in either store (`benyfits runs` lists them)")
    p.add_argument("--all", action="store_true", help="every stored run with dialogs (of both stores unless --store)")
    p.add_argument("--store", default=None,
                   help="DuckDB results file (default: the board's store, then results/local.duckdb)")
    p.add_argument("--params", default="params.yaml", help="for evaluate.bootstrap when a run's grading does not record it")
    p.set_defaults(func=run)
