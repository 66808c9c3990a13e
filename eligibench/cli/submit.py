"""`benyfits submit PATH` and `benyfits worker`: the submission flow.

submit PATH   validate the manifest and entry point, run the smoke dialogs, one household per household
              size (evaluation.intake.smoke), copy the folder into submissions/ and queue it in the store.
worker        evaluate the queue (evaluation.intake.queue_worker) until stopped, or with --once until empty;
              several workers may share one queue (claims are leases); `--ray-address` runs each
              run's dialogs on a Ray cluster's nodes (docs/scale.md).

`--quoting-user` (or BENYFITS_QUOTING_USER=1) swaps the simulated user for `QuotingUserModel`, a
TEST STAND-IN that is not a language model (evaluation.quoting_user); runs it produces are
labelled so they are never mistaken for real ones.
"""
from __future__ import annotations

import argparse
from dataclasses import replace
from pathlib import Path

from eligibench.errors import BenyfitsError
from eligibench.evaluation.hosting import SubmissionError, check_loads, load_manifest
from eligibench.evaluation.intake import (
    SMOKE_BUDGET_S,
    check_folder,
    check_smoke,
    install_submission,
    replace_submission,
    run_worker,
    smoke_dialogs,
)
from eligibench.evaluation.run import load_config, simulator_setup
from eligibench.evaluation.user import QUOTING_ENV, QUOTING_LABEL, quoting_requested
from eligibench.paths import default_store
from eligibench.results import LEASE_S, ResultStore
from eligibench.terminal import safe


def _cmd_submit(args: argparse.Namespace) -> int:
    project = Path(args.project)
    folder = Path(args.path)
    manifest = load_manifest(folder)
    check_folder(folder)
    dest = Path(args.submissions) / manifest.name
    if dest.exists() and dest.resolve() != folder.resolve() and not args.replace:
        raise SubmissionError(f"a submission named {manifest.name!r} already exists in {args.submissions}/: "
                              "choose another name in manifest.yaml, or --replace it if it is yours")
    check_loads(manifest, cwd=project)  # imported and constructed in the jail, even with --no-smoke
    loads = f"service {manifest.url} answers" if manifest.is_service else f"entry point {manifest.entry_point} loads"
    print(f"manifest ok: {manifest.name} (strategy {manifest.strategy}, {loads})")
    if args.no_smoke:
        print("smoke dialog skipped (--no-smoke)")
    else:
        config = load_config(project)
        results = smoke_dialogs(manifest, config, project, quoting=quoting_requested(args.quoting_user),
                                max_questions=args.smoke_questions, call_timeout_s=args.call_timeout,
                                memory_mb=args.memory_mb, budget_s=args.smoke_seconds or None)
        print(safe(check_smoke(results)))  # quotes the agent's questions and errors
    if args.dry_run:
        print(f"dry run: {manifest.name} would be copied to {dest} and queued; nothing was installed")
        return 0
    store = ResultStore(Path(args.store) if args.store else default_store(project))
    install = replace_submission if args.replace else install_submission
    installed = install(folder, Path(args.submissions), store, manifest=manifest)
    print(f"queued {installed.name} as entry {installed.queue_id} in {store.path} "
          f"(folder {installed.path}); `benyfits worker` evaluates it")
    return 0


def _cmd_worker(args: argparse.Namespace) -> int:
    project = Path(args.project)
    config = load_config(project, _executor_overrides(args), params_file=args.params)
    if args.store:
        config = replace(config, store=Path(args.store).resolve())
        if not config.store.is_file():
            # a typo must not create an empty store and report "0 submission(s) processed" (issue 36)
            raise BenyfitsError(f"{args.store}: no results store there (`benyfits submit` creates the queue; "
                                f"give an existing --store, or none for params.yaml evaluate.store)")
    _check_ray_address(config.executor)  # before any claim: a worker that cannot run would fail every entry
    store = ResultStore(project / config.store)
    quoting = quoting_requested(args.quoting_user)
    policy = _service_policy(project, args.params, tuple(args.allow_service or ()))
    # the label the runs are recorded under (a grounded mode that calls no model is not the model)
    simulator = simulator_setup(config, QUOTING_LABEL if quoting else None).label
    where = "local threads" if config.executor.kind == "local" else f"Ray ({config.executor.address or 'a one-node Ray'})"
    print(f"worker: queue {store.path}; dialogs on {where}; simulated user "
          f"{simulator}; {'until the queue is empty' if args.once else 'Ctrl-C stops'}")
    return run_worker(store, config, project, quoting, args.once, args.poll, worker=args.worker_id, lease_s=args.lease,
                      policy=policy)


def _check_ray_address(executor) -> None:
    """A worker's Ray cluster address is checked before it claims anything: with a malformed one
    (`--ray-address 127.0.0.1:99999`) or without token authentication, every queued submission was
    claimed and marked failed in turn for the worker's fault, or the worker hung in Ray's connect."""
    import os

    from eligibench.evaluation.run import require_token_auth

    # the address RayExecutor joins: --ray-address / evaluate.ray.address, else $RAY_ADDRESS
    address = (executor.address or os.environ.get("RAY_ADDRESS")) if executor.kind == "ray" else None
    if not address or address == "auto":
        return
    host, _, port = address.removeprefix("ray://").rpartition(":")
    if not host or not port.isdigit() or not 1 <= int(port) <= 65535:
        raise BenyfitsError(f"Ray address {address!r} (--ray-address, evaluate.ray.address or $RAY_ADDRESS): expected "
                            "HOST:PORT with a port from 1 to 65535 (the Ray head's address, e.g. 10.0.0.5:6379), "
                            "or 'auto'")
    require_token_auth(address)


def _executor_overrides(args: argparse.Namespace) -> dict:
    """--executor / --ray-address as `evaluate` overrides (as `benyfits evaluate` takes them)."""
    ev: dict = {}
    if args.executor is not None:
        ev["executor"] = args.executor
    if args.ray_address is not None:  # implies the Ray executor
        ev["executor"], ev["ray.address"] = "ray", args.ray_address
    return ev


def _service_policy(project: Path, params_file: str | None, extra: tuple[str, ...] = ()):
    """The worker's rule for service submissions: params.yaml `services.allow` (and `--allow-service`)
    list the operator's own services; everything else must be a globally routable address
    (hosting.url_policy)."""
    from eligibench import params
    from eligibench.evaluation.hosting import ServicePolicy, policy_from_params

    path = Path(params_file) if params_file else project / "params.yaml"
    base = policy_from_params(params.load(path), str(path)) if path.is_file() else ServicePolicy()
    return ServicePolicy(base.allow + extra)


def register(sub: argparse._SubParsersAction) -> None:
    s = sub.add_parser("submit", help="validate a submission folder, smoke-test it on one household per household size, queue it")
    s.add_argument("path", help="submission folder (manifest.yaml + code)")
    s.add_argument("--project", default=".", help="project root (default: the current folder)")
    s.add_argument("--store", default=None, help="DuckDB results file (default: params.yaml evaluate.store)")
    s.add_argument("--submissions", default="submissions", help="where the folder is copied (default: submissions/)")
    s.add_argument("--quoting-user", action="store_true",
                   help=f"smoke-test with QuotingUserModel, a test stand-in that is NOT a language model (quotes "
                        f"the profile sentence best matching each question): no model server needed. "
                        f"Also ${QUOTING_ENV}=1")
    s.add_argument("--no-smoke", action="store_true", help="skip the smoke dialog")
    s.add_argument("--dry-run", action="store_true",
                   help="validate and smoke-test only: copy nothing, queue nothing")
    s.add_argument("--replace", action="store_true",
                   help="replace your own installed submission of the same name (same authors in manifest.yaml); "
                        "its earlier runs stay in the store")
    s.add_argument("--smoke-questions", type=int, default=5, help="question cap for each smoke dialog (default 5)")
    s.add_argument("--smoke-seconds", type=float, default=SMOKE_BUDGET_S,
                   help=f"time budget of the smoke dialogs (default {SMOKE_BUDGET_S:g}; 0: run every smoke household)")
    s.add_argument("--call-timeout", type=float, default=120.0, help="seconds per agent call in the smoke dialog")
    s.add_argument("--memory-mb", type=int, default=2048, help="agent process memory limit in the smoke dialog")
    s.set_defaults(func=_cmd_submit)

    w = sub.add_parser("worker", help="evaluate queued submissions (claim -> run_submission -> finish)")
    w.add_argument("--project", default=".", help="project root (default: the current folder)")
    w.add_argument("--params", default=None, help="params file (default: <project>/params.yaml)")
    w.add_argument("--store", default=None, help="DuckDB results file (default: params.yaml evaluate.store)")
    w.add_argument("--once", action="store_true", help="exit when the queue is empty")
    w.add_argument("--poll", type=float, default=5.0, help="seconds between queue checks when idle")
    w.add_argument("--lease", type=float, default=LEASE_S,
                   help=f"seconds a claim is held without a heartbeat; a crashed worker's entry returns to the "
                        f"queue after it (default {LEASE_S:g}; renewed every lease/4)")
    from eligibench.evaluation.run import EXECUTOR_REGISTRY

    w.add_argument("--executor", choices=EXECUTOR_REGISTRY.names(), default=None,
                   help=f"where each run's dialogs run: {EXECUTOR_REGISTRY.help_text()} (default: params.yaml "
                        "evaluate.executor; docs/scale.md)")
    w.add_argument("--ray-address", default=None,
                   help="the Ray cluster whose worker nodes run the dialogs, this machine its head (implies "
                        "--executor ray; needs RAY_AUTH_MODE=token and the cluster's token; default: "
                        "evaluate.ray.address, else $RAY_ADDRESS)")
    w.add_argument("--worker-id", default=None, help="this worker's name in the queue (default: host:pid)")
    w.add_argument("--allow-service", action="append", default=None, metavar="HOST",
                   help="let submitted A2A services reach HOST (a host, host:port, address or CIDR network) although "
                        "it is loopback, private or this machine; added to params.yaml services.allow "
                        "(docs/agent-services.md). Repeatable")
    w.add_argument("--quoting-user", action="store_true",
                   help=f"simulated user = QuotingUserModel test stand-in (NOT a language model; runs are labelled "
                        f"{QUOTING_LABEL!r}). Also ${QUOTING_ENV}=1")
    w.set_defaults(func=_cmd_worker)
