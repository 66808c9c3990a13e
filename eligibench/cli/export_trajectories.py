"""`benyfits export-trajectories RUN... --format sft|dpo --out DIR`: finished runs as a Hugging
Face training dataset (`eligibench.training.trajectories`). Runs are found as every command finds
them (`cli.stores.find_runs`: both stores, unique prefixes). Refuses evaluation data (the
published test rows, the sealed split) unless `--i-know-this-is-test-data`."""
from __future__ import annotations

import argparse
import tempfile
from dataclasses import replace
from pathlib import Path

from eligibench.errors import BenyfitsError
from eligibench.files import check_output_folder, probe_writable, write_output_folder

COMMAND = "export-trajectories"


def _writable(out: Path) -> None:
    """One line now, before reading any run, when `out` cannot be created or written (a path under
    a file, /proc, a read-only folder): probed with a temporary file in its nearest existing folder."""
    try:
        probe_writable(out)
    except OSError as e:
        raise BenyfitsError(f"{out}: cannot write the export there: {e.strerror or e}") from None


def _households(project: Path, pairs: list) -> dict:
    """(dataset, row id) -> the household's weights and needed facts, for the dialogs' rows (read
    from the dialogs' split and edition)."""
    from eligibench.evaluation.scoring import households_of
    from eligibench.training import load_episodes

    wanted: dict[tuple[str, str], set[tuple[str, str]]] = {}
    for s, d in pairs:
        split = "train" if d.dataset == "train" else s.split
        wanted.setdefault((split, str(s.protocol.get("edition", "2024"))), set()).add((d.dataset, d.row_id))
    rows: dict[str, list] = {}
    for (split, edition), keys in wanted.items():
        by_id = {r.id: r for r in load_episodes(split, edition, project).rows}
        for dataset, row_id in sorted(keys):
            if row_id in by_id:
                rows.setdefault(dataset, []).append(by_id[row_id])
    return households_of(rows)


def run(args: argparse.Namespace) -> int:
    from eligibench import paths
    from eligibench.cli.stores import find_runs, searched_stores
    from eligibench.evaluation.run import load_briefs
    from eligibench.training import trajectories as T

    project = Path(args.project)
    # every store a run may come from is guarded: the export never writes into a folder holding one
    guarded = tuple(searched_stores(args.store, project))
    check_output_folder(args.out, COMMAND, args.force, protect=guarded)  # before reading anything
    _writable(Path(args.out))
    pairs, sources = [], []
    for store, run in find_runs(args.runs, args.store, project):  # both stores, unique prefixes
        protocol = run.get("protocol") or {}
        edition = str(protocol.get("edition", "2024"))
        source = T.Source(run["run_id"], str(protocol.get("split", (run.get("params") or {}).get("split", "public"))),
                          protocol, load_briefs(project / paths.DATASET_DIR, None, edition))
        sources.append(source)
        dialogs = store.dialog_results(run["run_id"])
        if args.prefer == "priorities":  # which facts each answer told: which program each question was about
            facts = store.turn_facts(run["run_id"])
            dialogs = [replace(d, turn_facts=tuple((i, k, v) for i, k, v, _ in facts.get((d.dataset, d.row_id, d.trial), [])))
                       for d in dialogs]
        pairs += [(source, d) for d in dialogs]
    T.refuse_test_data(pairs, args.i_know_this_is_test_data)
    if args.format == "sft":
        records = T.sft_records(pairs, args.threshold)
    elif args.prefer == "priorities":
        records = T.priority_records(pairs, _households(project, pairs))
    else:
        records = T.dpo_records(pairs)
    if not records:
        raise BenyfitsError(f"{args.out}: nothing to export as {args.format} (no dialog passed the threshold "
                            "or no pair differs); nothing was written")
    with tempfile.TemporaryDirectory(prefix="benyfits-trajectories-") as tmp:
        kind = "dpo-priorities" if args.format == "dpo" and args.prefer == "priorities" else args.format
        staged = T.write_dataset(Path(tmp) / "out", kind, records, sources,
                                 args.threshold if args.format == "sft" else None)
        try:
            write_output_folder(args.out, staged, COMMAND, args.force, protect=guarded)
        except OSError as e:  # an unwritable or impossible --out: one line
            raise BenyfitsError(f"{args.out}: cannot write the export there: {e.strerror or e}") from None
    out = Path(args.out)
    print(f"export-trajectories: {len(records)} {args.format} records from {len(pairs)} dialogs of {len(sources)} "
          f"run(s) -> {out}/ (datasets.load_dataset('{out.resolve()}', split='train'))")
    return 0


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("export-trajectories", help="write finished runs' dialogs as an SFT or DPO dataset (docs/training.md)")
    p.add_argument("runs", nargs="+", metavar="RUN",
                   help="run ids or unique prefixes, in either store (`benyfits runs` lists them)")
    p.add_argument("--format", choices=("sft", "dpo"), required=True)
    p.add_argument("--prefer", choices=("outcome", "priorities"), default="outcome",
                   help="dpo: outcome (the best against the worst dialog per household, default) or priorities "
                        "(AWARE-US-style: where two runs' dialogs first differ, the question about the household's "
                        "more important program against the other; docs/priorities.md)")
    p.add_argument("--out", required=True,
                   help="folder to write (a Hugging Face dataset folder): new, empty, or one an earlier "
                        "export-trajectories wrote (it writes over only its own files)")
    p.add_argument("--force", action="store_true",
                   help="write into a non-empty folder it did not write: beside the files there, never deleting "
                        "or overwriting any of them")
    p.add_argument("--threshold", type=float, default=1.0, help="SFT: the least pair accuracy a dialog needs (0-1; default 1.0)")
    p.add_argument("--store", default=None,
                   help="DuckDB results file (default: the board's store, then results/local.duckdb)")
    p.add_argument("--project", default=".", help="project root (its benyfits/ gives the requirement texts)")
    p.add_argument("--i-know-this-is-test-data", action="store_true",
                   help="export dialogs on the published test rows or the sealed split anyway")
    p.set_defaults(func=run)
