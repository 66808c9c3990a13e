"""`benyfits export-results OUT`: the results store as a Hugging Face dataset folder
(`eligibench.results.export`), uploaded when a results repo id and HF_TOKEN are set."""
from __future__ import annotations

import argparse
import os
from pathlib import Path

from eligibench.errors import BenyfitsError


def _repo_id(args: argparse.Namespace) -> str:
    if args.repo_id is not None:
        return args.repo_id
    from eligibench import params

    if not Path(args.params).is_file():  # no params file: no repo id; a malformed one is an error (issue 36)
        return ""
    section = params.optional_section(params.load(Path(args.params)), "results")
    return str(section.get("repo_id") or "")


def run(args: argparse.Namespace) -> int:
    from eligibench.cli.stores import existing_stores, searched_stores
    from eligibench.results import ResultStore, export_results, upload_results

    # one store is one dataset: --store, else the board's store, else the development store (a
    # development store is exported by naming it, so board and development runs never mix silently)
    found = existing_stores(args.store)
    path = found[0]
    others = [p for p in searched_stores(None) if p.is_file() and p != path] if not args.store else []
    repo_id = _repo_id(args)  # read first: a malformed params file stops before anything is written
    try:
        exported = export_results(ResultStore(path), Path(args.out), force=args.force)
    except OSError as e:  # an unwritable or impossible OUT (/proc/nope): one line, no traceback (issue 36)
        raise BenyfitsError(f"{args.out}: cannot write the export there: {e.strerror or e}") from None
    print(f"export-results: wrote {exported.folder}/ ({exported.runs} runs, {exported.rows['dialogs']} dialogs, "
          f"{exported.rows['predictions']} predictions) from {path}")
    for other in others:
        print(f"export-results: {other} was not exported: --store {other} exports its runs")
    token = os.environ.get("HF_TOKEN")
    if not repo_id:
        print("export-results: upload skipped: no results repo id (--repo-id or params.yaml results.repo_id)")
    elif not token:
        print(f"export-results: upload to {repo_id} skipped: HF_TOKEN is not set")
    else:
        print(f"export-results: uploaded to {repo_id}: {upload_results(exported.folder, repo_id, token, args.private)}")
    return 0


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("export-results", help="write the results as a Hugging Face dataset folder (and upload it)")
    p.add_argument("out", help="folder to write: new, empty, or one an earlier export-results wrote (it writes over "
                               "only its own files, listed in OUT/.benyfits-output.json)")
    p.add_argument("--force", action="store_true",
                   help="write into a non-empty folder it did not write (or one holding the store): beside the files "
                        "there, never deleting or overwriting any of them")
    p.add_argument("--store", default=None,
                   help="DuckDB results file (default: the board's store, or results/local.duckdb when there is none)")
    p.add_argument("--repo-id", default=None, help="Hub dataset repo to upload to (default: params.yaml results.repo_id)")
    p.add_argument("--params", default="params.yaml")
    p.add_argument("--private", action="store_true", help="create the Hub repo private")
    p.set_defaults(func=run)
