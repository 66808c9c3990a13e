"""`benyfits export-trajectories RUN... --format sft|dpo --out DIR`: finished runs as a Hugging
Face training dataset (`eligibench.training.trajectories`); refuses evaluation data (the
published test rows, the sealed split) unless `--i-know-this-is-test-data`."""
from __future__ import annotations

import argparse
from pathlib import Path

from eligibench.errors import BenyfitsError


def run(args: argparse.Namespace) -> int:
    from eligibench import paths
    from eligibench.evaluation.run import load_briefs
    from eligibench.paths import default_store
    from eligibench.results import ResultStore
    from eligibench.training import trajectories as T

    store_path = Path(args.store) if args.store else default_store()
    if not store_path.exists():
        raise BenyfitsError(f"{store_path}: no results store")
    store = ResultStore(store_path)
    runs = {r["run_id"]: r for r in store.runs()}
    pairs, sources = [], []
    for run_id in args.runs:
        if run_id not in runs:
            raise BenyfitsError(f"{store_path}: no run {run_id!r} (benyfits view lists the runs)")
        protocol = runs[run_id].get("protocol") or {}
        edition = str(protocol.get("edition", "2024"))
        source = T.Source(run_id, str(protocol.get("split", (runs[run_id].get("params") or {}).get("split", "public"))),
                          protocol, load_briefs(Path(args.project) / paths.DATASET_DIR, None, edition))
        sources.append(source)
        pairs += [(source, d) for d in store.dialog_results(run_id)]
    T.refuse_test_data(pairs, args.i_know_this_is_test_data)
    records = T.sft_records(pairs, args.threshold) if args.format == "sft" else T.dpo_records(pairs)
    out = T.write_dataset(Path(args.out), args.format, records, sources, args.threshold if args.format == "sft" else None)
    print(f"export-trajectories: {len(records)} {args.format} records from {len(pairs)} dialogs of {len(sources)} "
          f"run(s) -> {out}/ (datasets.load_dataset('{out.resolve()}', split='train'))")
    return 0


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("export-trajectories", help="write finished runs' dialogs as an SFT or DPO dataset (docs/training.md)")
    p.add_argument("runs", nargs="+", metavar="RUN", help="run ids in the results store")
    p.add_argument("--format", choices=("sft", "dpo"), required=True)
    p.add_argument("--out", required=True, help="folder to write (a Hugging Face dataset folder)")
    p.add_argument("--threshold", type=float, default=1.0, help="SFT: the least pair accuracy a dialog needs (0-1; default 1.0)")
    p.add_argument("--store", default=None, help="DuckDB results file (default: params.yaml evaluate.store)")
    p.add_argument("--project", default=".", help="project root (its benyfits/ gives the requirement texts)")
    p.add_argument("--i-know-this-is-test-data", action="store_true",
                   help="export dialogs on the published test rows or the sealed split anyway")
    p.set_defaults(func=run)
