"""`benyfits import-inspect LOG`: an Inspect log of a BeNYfits task onto the board, as a run of its
own protocol (the task's, plus the scaffold: docs/inspect.md), never mixed with harness runs."""
from __future__ import annotations

import argparse
from pathlib import Path


def run(args: argparse.Namespace) -> int:
    from eligibench.cli.stores import check_store_path, no_new_empty_store
    from eligibench.extras import INSPECT, require
    from eligibench.paths import default_store
    from eligibench.terminal import safe  # the model's name comes from the log file, not from us

    require(INSPECT, "benyfits import-inspect")  # before the store is made: nothing to undo
    store = check_store_path(Path(args.store) if args.store else default_store(), create=True)
    # after the store is checked: Inspect's import alone costs ~4 CPU-s, which an unusable store need not pay
    from eligibench.evaluation.inspect_task import import_log

    with no_new_empty_store(store):  # a log refused before anything is recorded leaves no empty store
        for log in args.logs:
            got = import_log(Path(log), store, Path(args.project))
            print(f"import-inspect: {log} -> run {got.run_id} ({safe(got.submission)}, {got.dialogs} dialog(s), "
                  f"{got.status}) under protocol {got.protocol_id}, in {store}")
            if got.label_disagreements:
                print(f"import-inspect: {log}: the log's labels differ from our checkers' on {got.label_disagreements} "
                      "pair(s); they were ignored: every figure is scored against our checkers")
    return 0


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("import-inspect", help="put Inspect logs of benyfits/<dataset> tasks on the board as runs")
    p.add_argument("logs", nargs="+", metavar="LOG", help="Inspect log file(s) (.eval or .json)")
    p.add_argument("--store", default=None, help="DuckDB results file (default: params.yaml evaluate.store)")
    p.add_argument("--project", default=".", help="the checkout whose published folder holds the log's households")
    p.set_defaults(func=run)
