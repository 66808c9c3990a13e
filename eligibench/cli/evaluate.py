"""`benyfits evaluate PATH`: evaluate one submission folder with the `evaluate` params (and, with
`--config NAME`, the model specs and options of that run configuration in `evaluate.runs`).

It tells the truth (issue 26): a progress bar while it runs; at the end one summary line (TW-F1,
F1, turns, terminations, run id, store); the first agent error with the agent's own traceback,
and exit status 1 when any dialog ended in the agent's error (unless `--allow-agent-errors`).
The run's JSON summary goes to `--output FILE` or, with `--json`, to stdout.

`--persona NAME` runs under that persona of the simulated user (cli/persona_option.py): another
protocol, its own run id; no flag keeps the params' persona and today's run ids.

`--agent-url URL` evaluates an agent that runs elsewhere as an A2A service (docs/agent-services.md):
a `kind: service` manifest is written to a scratch folder and the run goes down the same path, its
agent host a `ServiceAgent`; it is a development run (`benyfits submit` of a service manifest
ranks one), marked "service: code not inspected".

Development vs ranked: a folder outside the project's `submissions/` is a development run and is
stored in `results/local.duckdb` (`paths.LOCAL_STORE`), which the leaderboard never reads; only folders
under `submissions/` (what `benyfits submit` installs) use the board's store.

The jail (`_isolation_policy`): your own folder (outside `submissions/`, not named like a submission
there, its runs not sent to the board's store) is evaluated under the `development` isolation
policy: where bubblewrap is missing it runs unjailed, one line says so and the run records
`none (development)`. A submission keeps `evaluate.isolation` (auto: only a reference agent
shipped in the repository runs unjailed); `submit` and the worker always require the jail.
"""
from __future__ import annotations

import argparse
import json
import sys
from dataclasses import replace
from pathlib import Path

from eligibench.cli.project import add_project_option, project_root
from eligibench.cli.signals import interrupt_on_sigterm
from eligibench.cli.simulator_option import add_simulator_options
from eligibench.errors import BenyfitsError
from eligibench.paths import LOCAL_STORE
from eligibench.terminal import safe


def _seconds(value: str) -> float:
    try:
        n = float(value)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{value!r} is not a number of seconds") from None
    if not 1 <= n <= 86400:
        raise argparse.ArgumentTypeError(f"{value!r}: expected 1 to 86400 seconds")
    return n


def _positive(value: str) -> int:
    try:
        n = int(value)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{value!r} is not a whole number") from None
    if n < 1:
        raise argparse.ArgumentTypeError(f"{value!r}: expected 1 or more")
    return n


def is_submitted(folder: Path, project: Path) -> bool:
    """A folder under the project's submissions/ (installed by `benyfits submit`): ranked runs."""
    try:
        folder.resolve().relative_to((project / "submissions").resolve())
        return True
    except ValueError:
        return False


def _shadowed_submission(args: argparse.Namespace, project: Path, folder: Path, name: str,
                         board_store: Path) -> str:
    """'' unless a submission of this manifest's name exists and `folder` is not it (issue 36): then
    the run is a development run (the local store, never the board) and the returned note says so
    and names the command for the submission itself. Storing such a run in the board's store is
    refused: a folder elsewhere must never pass as the ranked submission of its name."""
    taken = project / "submissions" / name
    if not taken.exists() or taken.resolve() == folder.resolve():
        return ""
    command = f"benyfits evaluate submissions/{name}"
    if args.store and Path(args.store).resolve() == (project / board_store).resolve():
        from eligibench.evaluation.hosting import SubmissionError

        raise SubmissionError(f"{folder / 'manifest.yaml'}: name: {name!r} is the submission in {taken}, and this "
                              f"folder is not it: its runs cannot go to the board's store {args.store}. Drop --store "
                              f"for a development run, or run `{command}` to evaluate the submission")
    return (f"development run of {folder}: a submission named {name!r} exists ({taken}); this run is stored "
            f"in {args.store or project / LOCAL_STORE}, never on the board. To evaluate the submission: `{command}`")


def _isolation_policy(config, project: Path, folder: Path, name: str, shadowed: str, board_store: Path) -> str:
    """The isolation policy of this run (hosting.isolation): `development` for your own folder,
    else the params' `evaluate.isolation`. A folder under submissions/, or one named like a
    submission there (`shadowed`), is a submission: it keeps the params' rule, and so does a run
    sent to the board's store, which must never hold an unjailed run of code nobody reviewed.
    Refused here, before any server starts, where the jail is required and bubblewrap is missing."""
    from eligibench import system
    from eligibench.evaluation.hosting import isolation
    from eligibench.jail import require_bwrap

    if config.isolation != "auto" or is_submitted(folder, project) or system.bwrap_path() is not None:
        return config.isolation
    if shadowed:
        require_bwrap(name, f"a submission named {name!r} exists ({project / 'submissions' / name}), so a folder of "
                            "that name is evaluated as that submission; rename it in manifest.yaml for a development run")
    if (project / config.store).resolve() == board_store.resolve():
        require_bwrap(str(folder), f"its runs would go to the board's store {config.store}; drop --store for a "
                                   "development run, which runs without the jail")
    return isolation.DEVELOPMENT_POLICY


def _small_run(args: argparse.Namespace) -> dict:
    """The small-run flags as `evaluate` overrides (validated by read_config as usual)."""
    ev: dict = {}
    if args.households is not None:
        ev["subset"] = {d: args.households for d in ("diverse", "representative")}  # evaluate.subset's keys
    if args.max_questions is not None:
        ev["max_questions"] = args.max_questions
    if args.trials is not None:
        ev["trials"] = args.trials
    if getattr(args, "edition", None) is not None:
        from eligibench.cli.edition_option import resolve_edition

        ev["edition"] = resolve_edition(args.edition)
    if getattr(args, "call_timeout", None) is not None:
        ev["call_timeout_s"] = args.call_timeout  # recorded in the run's settings (part of its id)
    if args.executor is not None:
        ev["executor"] = args.executor
    if args.ray_address is not None:  # implies the Ray executor
        ev["executor"], ev["ray.address"] = "ray", args.ray_address
    return ev


def _read_rows(path: Path) -> list:
    """--rows: dataset rows from a Parquet file; a missing or unreadable file is one line (issue 36)."""
    import pyarrow as pa

    from eligibench.datasets import read_parquet

    if not path.is_file():
        raise BenyfitsError(f"{path}: no such file (--rows expects a Parquet file of dataset rows, "
                            f"e.g. from `benyfits import-v1`)")
    try:
        return read_parquet(path)
    except (OSError, pa.ArrowException, KeyError, ValueError) as e:
        raise BenyfitsError(f"{path}: not a dataset rows Parquet file ({str(e).splitlines()[0][:200]})") from None


def _simulator_run(args: argparse.Namespace, params_path: Path) -> dict:
    """--simulator / --simulator-mode as `evaluate` overrides (cli/simulator_option.py)."""
    from eligibench import params
    from eligibench.cli.simulator_option import mode_override, simulator_overrides

    ev: dict = {}
    if args.simulator:
        current = params.optional_section(params.load(params_path), "evaluate").get("simulator")
        ev["simulator"] = simulator_overrides(args.simulator, current if isinstance(current, dict) else None)
    if args.simulator_mode:
        from eligibench.cli.persona_option import refuse_persona_as_mode

        refuse_persona_as_mode(args.simulator_mode)
        ev["simulator_mode"] = mode_override(args.simulator_mode)
    return ev


def _source(args: argparse.Namespace):
    """The folder and manifest evaluated: the given folder, or for --agent-url a service manifest
    in a scratch folder (returned too: it lives as long as the run)."""
    from eligibench.evaluation.hosting import load_manifest, write_service_manifest

    if (args.path is None) == (args.agent_url is None):
        raise BenyfitsError("benyfits evaluate: give a submission folder or --agent-url URL (one of them)")
    if args.agent_url is None:
        return Path(args.path), load_manifest(Path(args.path)), None
    from eligibench.extras import A2A, require

    require(A2A, "benyfits evaluate --agent-url")  # before any scratch folder or server
    import tempfile

    scratch = tempfile.TemporaryDirectory(prefix="benyfits-service-")
    folder = Path(scratch.name) / args.name
    return folder, write_service_manifest(folder, args.name, args.agent_url), scratch


def _run(args: argparse.Namespace) -> int:
    from eligibench.errors import BenyfitsError, ParamsError
    from eligibench.evaluation.run import load_config, load_run, run_report, run_submission
    from eligibench.progress import bar
    from eligibench.results import ResultStore

    project = project_root(args.project)
    params_path = Path(args.params) if args.params else project / "params.yaml"
    from eligibench.cli.persona_option import with_persona

    config = load_config(project, _small_run(args) | _simulator_run(args, params_path), params_path)
    config = with_persona(config, args.persona)  # no flag: the params' persona, run ids as they were
    rows = None
    if args.rows:
        loaded = _read_rows(Path(args.rows))
        if not loaded:
            raise BenyfitsError(f"{args.rows}: no rows: nothing to evaluate")
        rows = {loaded[0].dataset: loaded}
    folder, manifest, _scratch = _source(args)
    shadowed = _shadowed_submission(args, project, folder, manifest.name, config.store)
    local = not is_submitted(folder, project)
    board_store = project / config.store  # params' evaluate.store, before --store or the local store
    if args.store:
        config = replace(config, store=Path(args.store).resolve())
    elif local:
        config = replace(config, store=LOCAL_STORE)
    if args.agent_url is None:  # a service's code runs elsewhere: nothing to jail here
        config = replace(config, isolation=_isolation_policy(config, project, folder, manifest.name, shadowed,
                                                             board_store))
    if args.config:
        run = config.run(args.config)
        if run.submission != folder.name and run.submission != manifest.name:
            raise ParamsError(f"run configuration {args.config!r} is for submission {run.submission!r}, "
                              f"not {args.path}")
    _check_store(str(params_path), project / config.store)
    if args.output:  # before the run, not after it: never over the store, a folder, or a file unasked
        from eligibench.cli.output_file import check_output_file

        check_output_file(args.output, "--output", force=getattr(args, "force", False), protect=(project / config.store,))
    resolved = load_run(manifest, project, run=args.config, config=config, split=args.split, rows=rows)
    if args.check:
        return _check_only(resolved)
    where = project / resolved.config.store
    if shadowed:
        print(shadowed, file=sys.stderr)
    elif local and not args.store:
        what = f"the agent service {args.agent_url}" if args.agent_url else f"{folder} (not under {project / 'submissions'}/)"
        print(f"development run of {what}: stored in {where}, never on the board; `benyfits submit` ranks it",
              file=sys.stderr)
    if config.isolation == "development":  # set only where bubblewrap is missing (_isolation_policy)
        print(f"running {folder} without the jail: bubblewrap is not installed and this is your own folder, not a "
              "submission (isolation recorded as \"none (development)\", never ranked)", file=sys.stderr)
    interrupt_on_sigterm()
    summary = run_submission(resolved, bar, project, rerun_simulator_faults=args.rerun_simulator_faults)
    report = run_report(ResultStore(where), summary["run_id"])
    summary = {**summary, "store": str(where), "local": local, "terminations": dict(report.terminations)}
    if args.output:
        from eligibench.cli.output_file import write_output_file

        write_output_file(args.output, json.dumps(summary, indent=1, sort_keys=True) + "\n")
    if args.json:
        print(json.dumps(summary, indent=1, sort_keys=True))
    if report.first_error:
        print(safe(report.first_error_text()), file=sys.stderr)  # the agent's own text: no control characters
    print(safe(report.one_line()), file=sys.stderr if args.json else sys.stdout)  # read back from the store
    if report.replicas:
        print(safe(report.replicas_text()), file=sys.stderr if args.json else sys.stdout)
    if args.rerun_simulator_faults:
        reruns = summary.get("simulator_reruns", [])
        print(f"simulator-fault re-runs: {len({(x['dataset'], x['row_id'], x['trial']) for x in reruns})} dialog(s), "
              f"{len(reruns)} attempt(s), {sum(1 for x in reruns if not x['faults'])} without a simulator fault",
              file=sys.stderr if args.json else sys.stdout)
    if report.agent_errors and not args.allow_agent_errors:
        print(f"benyfits: {report.agent_errors} dialog(s) ended in the agent's error (exit 1; "
              "--allow-agent-errors accepts them)", file=sys.stderr)
        return 1
    return 0


def _check_only(resolved) -> int:
    """`--check`: every endpoint the run would use answers, serves its model and takes what the run needs."""
    from eligibench.evaluation.run import check_endpoints

    problems = check_endpoints(resolved)
    roles = ", ".join(sorted(resolved.roles) + (["simulator"] if resolved.simulator.uses_model else [])) or "none"
    if problems:
        raise PreflightFailed("model preflight failed:\n" + "\n".join(f"- {p}" for p in problems))
    print(f"preflight ok for {resolved.run.name}: every endpoint answers, serves its model and takes what the run "
          f"needs (roles: {roles})")
    return 0


class PreflightFailed(BenyfitsError):
    """Raised by --check; main() prints it as one error and exits 2."""


def _check_store(params_path: str, store: Path) -> None:
    """`evaluate.store` must be a DuckDB file this process can open, or a path where one can be
    created (checked before any work, so a folder, a file that is not DuckDB or an unwritable
    path is one error naming the key, not a traceback mid-run). A new store is probed, not
    created: a run that fails before it records anything leaves no empty store behind."""
    from eligibench.cli.stores import check_store_path
    from eligibench.errors import ParamsError

    where = f"{params_path}: evaluate.store: {store}"
    if store.is_dir():
        raise ParamsError(f"{where} is a folder, expected a DuckDB file")
    try:
        check_store_path(store, create=True)
    except BenyfitsError as e:
        raise ParamsError(f"{params_path}: evaluate.store: {e}") from None


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("evaluate", help="evaluate a submission folder against the simulated user",
                       description="Evaluate a submission folder. Exits 1 when any dialog ends in the agent's "
                                   "error. Folders outside submissions/ are development runs, stored in "
                                   f"{LOCAL_STORE} (never on the board).")
    p.add_argument("path", nargs="?", default=None, help="submission folder (with manifest.yaml)")
    p.add_argument("--agent-url", default=None,
                   help="evaluate an agent running elsewhere as an A2A service at this URL instead of a folder "
                        "(docs/agent-services.md); a development run, marked 'service: code not inspected'")
    p.add_argument("--name", default="agent-service",
                   help="with --agent-url: the name the run is stored under (default: agent-service)")
    add_project_option(p)
    p.add_argument("--params", default=None, help="params file (default: <project>/params.yaml)")
    p.add_argument("--config", help="a run configuration name in params.yaml evaluate.runs (its model specs "
                                    "and options); default: the one named like the submission, else defaults")
    p.add_argument("--households", type=_positive, default=None,
                   help="households per dataset (default: params.yaml evaluate.subset)")
    p.add_argument("--max-questions", type=_positive, default=None,
                   help="question cap per dialog (default: params.yaml evaluate.max_questions)")
    p.add_argument("--trials", type=_positive, default=None,
                   help="trials per household (default: params.yaml evaluate.trials)")
    p.add_argument("--edition", default=None,
                   help="evaluate under this edition's rules (its datasets, e.g. diverse-2026-08, and requirement "
                        "texts); default: params.yaml evaluate.edition (2024). Another edition is another protocol")
    p.add_argument("--call-timeout", type=_seconds, default=None, metavar="SECONDS",
                   help="seconds one agent call may take before the dialog ends as the agent's error (default: "
                        "params.yaml evaluate.call_timeout_s); recorded in the run's settings. While a call runs "
                        "longer than 30 s a line says so")
    from eligibench.evaluation.run import EXECUTOR_REGISTRY

    p.add_argument("--executor", choices=EXECUTOR_REGISTRY.names(), default=None,
                   help=f"where dialogs run: {EXECUTOR_REGISTRY.help_text()} (default: params.yaml evaluate.executor; "
                        "never part of the run id; docs/scale.md)")
    p.add_argument("--ray-address", default=None,
                   help="the Ray cluster to run dialogs on (implies --executor ray; default: evaluate.ray.address, "
                        "else $RAY_ADDRESS, else a one-node Ray)")
    add_simulator_options(p)
    from eligibench.cli.persona_option import add_persona_option

    add_persona_option(p, "the simulated household answers as this persona (docs/simulator.md)")
    p.add_argument("--store", default=None,
                   help=f"DuckDB results file (default: params.yaml evaluate.store for folders under submissions/, "
                        f"else {LOCAL_STORE})")
    p.add_argument("--json", action="store_true", help="print the run's JSON summary on stdout")
    p.add_argument("--output", default=None, help="write the run's JSON summary to this file (a new file, or --force)")
    from eligibench.cli.output_file import add_force_option

    add_force_option(p, "--output")
    p.add_argument("--allow-agent-errors", action="store_true",
                   help="exit 0 even when dialogs end in the agent's error (they still score as wrong)")
    p.add_argument("--check", action="store_true",
                   help="only check the run's model endpoints (answer, serve the configured model, accept a JSON "
                        "schema and a seed), naming the role and what is missing; no dialog is run")
    p.add_argument("--rows", help="evaluate on these dataset rows (Parquet, e.g. from `benyfits import-v1`) "
                                  "instead of the published datasets")
    p.add_argument("--split", choices=("public", "sealed"), default="public",
                   help="public: the published development split; sealed: the official split built from the "
                        "secret seed (BENYFITS_SEALED_SEED, see docs/integrity.md)")
    p.set_defaults(func=_run)
