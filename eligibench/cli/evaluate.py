"""`benyfits evaluate PATH`: evaluate one submission folder with the `evaluate` params (and, with
`--config NAME`, the model specs and options of that run configuration in `evaluate.runs`)."""
from __future__ import annotations

import argparse
import json
from pathlib import Path

from eligibench.errors import BenyfitsError


def _run(args: argparse.Namespace) -> int:
    from eligibench import params
    from eligibench.evaluation.hosting import load_manifest
    from eligibench.evaluation.run import check_endpoints, read_config, resolve_run, run_submission
    from eligibench.progress import bar

    config = read_config(params.load(args.params))
    _check_store(args.params, config.store)
    rows = None
    if args.rows:
        from eligibench.datasets.rows import read_parquet
        from eligibench.errors import BenyfitsError

        loaded = read_parquet(args.rows)
        if not loaded:
            raise BenyfitsError(f"{args.rows}: no rows: nothing to evaluate")
        rows = {loaded[0].dataset: loaded}
    manifest = load_manifest(Path(args.path))
    taken = Path("submissions") / manifest.name
    if taken.exists() and taken.resolve() != Path(args.path).resolve():
        # results are stored under the manifest's name (and generated/<name>/ is mounted): a
        # folder elsewhere must not pass as an existing submission (the upload path refuses it too)
        from eligibench.evaluation.hosting import SubmissionError

        raise SubmissionError(f"{Path(args.path) / 'manifest.yaml'}: name: a submission named {manifest.name!r} "
                              f"already exists in submissions/ and this folder is not it: choose another name")
    run = None
    if args.config:
        run = config.run(args.config)
        if run.submission != Path(args.path).name and run.submission != manifest.name:
            from eligibench.errors import ParamsError

            raise ParamsError(f"run configuration {args.config!r} is for submission {run.submission!r}, "
                              f"not {args.path}")
    resolved = resolve_run(config, manifest, run, split=args.split, rows=rows)
    if args.check:
        problems = check_endpoints(resolved)
        roles = ", ".join(sorted(resolved.roles) + (["simulator"] if resolved.simulator.uses_model else [])) or "none"
        if problems:
            raise PreflightFailed("model preflight failed:\n" + "\n".join(f"- {p}" for p in problems))
        print(f"preflight ok for {resolved.name}: every endpoint answers, serves its model and takes what the run "
              f"needs (roles: {roles})")
        return 0
    summary = run_submission(resolved, bar)
    print(json.dumps(summary, indent=1, sort_keys=True))
    return 0


class PreflightFailed(BenyfitsError):
    """Raised by --check; main() prints it as one error and exits 2."""


def _check_store(params_path: str, store: Path) -> None:
    """`evaluate.store` must be a DuckDB file this process can open (checked before any work,
    so a folder or an unopenable path is one error naming the key, not a traceback mid-run)."""
    import duckdb

    from eligibench.errors import ParamsError
    from eligibench.results import StoreError, connect

    where = f"{params_path}: evaluate.store: {store}"
    if store.is_dir():
        raise ParamsError(f"{where} is a folder, expected a DuckDB file")
    try:
        if store.exists():
            with open(store, "rb"):
                pass
        else:  # what the run will do first: create the file (and its folder)
            store.parent.mkdir(parents=True, exist_ok=True)
            connect(store, read_only=False, timeout=10).close()
    except (OSError, duckdb.Error, StoreError) as e:
        reason = getattr(e, "strerror", None) or " ".join(str(e).split())[:300]
        raise ParamsError(f"{where}: cannot be opened: {reason}") from None


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("evaluate", help="evaluate a submission folder against the simulated user")
    p.add_argument("path", help="submission folder (with manifest.yaml)")
    p.add_argument("--params", default="params.yaml")
    p.add_argument("--config", help="a run configuration name in params.yaml evaluate.runs (its model specs "
                                    "and options); default: the one named like the submission, else defaults")
    p.add_argument("--rows", help="evaluate on these dataset rows (Parquet, e.g. from `benyfits import-v1`) "
                                  "instead of the published datasets")
    p.add_argument("--split", choices=("public", "sealed"), default="public",
                   help="public: the published development split; sealed: the official split built from the "
                        "secret seed (BENYFITS_SEALED_SEED, see docs/integrity.md)")
    p.add_argument("--check", action="store_true",
                   help="only check the run's model endpoints (answer, serve the configured model, accept a JSON "
                        "schema and a seed), naming the role and what is missing; no dialog is run")
    p.set_defaults(func=_run)
