"""`benyfits submit PATH`, `benyfits worker` and `benyfits leaderboard`: the submission flow.

submit PATH   validate the manifest and entry point, run ONE smoke dialog with one household (the
              agent in its own process through ProcessAgent, with time and memory limits and no
              access to hidden data), copy the folder into submissions/ and queue it in the store.
worker        evaluate the queue: claim_next -> run_submission -> finish_queue, until stopped
              (or, with --once, until the queue is empty).
leaderboard   serve the Gradio leaderboard (leaderboard/app.py).

`--quoting-user` (or BENYFITS_QUOTING_USER=1) swaps the simulated user for `QuotingUserModel`, a
TEST STAND-IN that is not a language model: it answers with the profile sentence that shares
the most words with the question. It lets the flow run without a model server; results it
produces are labelled with simulator QUOTING_LABEL so they are never mistaken for real ones.
"""
from __future__ import annotations

import argparse
import os
import re
import shutil
import signal
import sys
import time
import traceback
from contextlib import ExitStack
from dataclasses import asdict, dataclass, replace
from pathlib import Path
from typing import Any, Callable, Sequence

from .errors import BenyfitsError
from .evaluation.submissions import Manifest, SubmissionError, load_manifest

QUOTING_LABEL = "test:quoting-user (not a language model)"
QUOTING_ENV = "BENYFITS_QUOTING_USER"
DEFAULT_STORE = Path("results/benyfits.duckdb")
IGNORED = (".git", "__pycache__", ".mypy_cache", ".pytest_cache", ".ipynb_checkpoints", ".DS_Store")
MAX_FOLDER_FILES = 500
MAX_FOLDER_BYTES = 50 * 1024 * 1024

_WORD = re.compile(r"[a-z0-9]+")
_STOP = frozenset("a an and are as at be by do does did for from has have how i in is it its me my of on or "
                  "the their them they this to was were what when where which who whom why will with you your "
                  "yours any anyone anything there".split())


# ------------------------------------------------------------------------------------------------
# the quoting test user


class QuotingUserModel:
    """TEST STAND-IN for the simulated user's language model (the ChatModel `chat` contract).

    Not a language model: it answers with the sentence of the profile (the system message after
    "Household profile:") that shares the most words with the question. Deterministic, instant,
    no server. Use it to check plumbing (smoke dialogs, the queue), never to score an agent.
    """

    label = QUOTING_LABEL

    def __init__(self) -> None:
        self.calls = 0

    def chat(self, messages, json_schema=None, max_tokens=None):
        from .models.base import Completion

        self.calls += 1
        system = messages[0]["content"]
        profile = system.split("Household profile:", 1)[-1]
        sentences = [s.strip() for s in re.split(r"(?<=[.!?])\s+", profile) if s.strip()] or ["I don't know."]
        q = set(_WORD.findall(messages[-1]["content"].lower())) - _STOP
        best = max(sentences, key=lambda s: len(q & set(_WORD.findall(s.lower()))))
        if not q & set(_WORD.findall(best.lower())):
            best = "I don't know."
        return Completion(best, prompt_tokens=len(system) // 4, completion_tokens=max(1, len(best) // 4),
                          cached_tokens=None, latency_s=0.0, finish_reason="stop")

    def close(self) -> None:
        pass

    def __enter__(self):
        return self

    def __exit__(self, *exc) -> None:
        self.close()


def quoting_requested(flag: bool) -> bool:
    return flag or os.environ.get(QUOTING_ENV, "").strip().lower() in ("1", "true", "yes", "on")


# ------------------------------------------------------------------------------------------------
# folders: safety checks, installing into submissions/, queueing


def check_folder(folder: Path, max_files: int = MAX_FOLDER_FILES, max_bytes: int = MAX_FOLDER_BYTES) -> tuple[int, int]:
    """Files and bytes of a submission folder; refuses symlinks that leave it and oversize folders."""
    folder = Path(folder)
    if not folder.is_dir():
        raise SubmissionError(f"{folder}: not a folder")
    root = os.path.realpath(folder)
    files = size = 0
    for dirpath, dirnames, filenames in os.walk(folder, followlinks=False):
        dirnames[:] = [d for d in dirnames if d not in IGNORED]
        for name in dirnames + filenames:
            if name in IGNORED:
                continue
            path = os.path.join(dirpath, name)
            rel = os.path.relpath(path, folder)
            if os.path.islink(path):
                target = os.path.realpath(path)
                if target != root and not target.startswith(root + os.sep):
                    raise SubmissionError(f"{folder}: symlink {rel} -> {os.readlink(path)} points outside "
                                          "the submission folder")
                if os.path.isdir(path):
                    raise SubmissionError(f"{folder}: symlink {rel} points to a folder: copy the folder instead")
            if name in filenames:
                if not os.path.isfile(path):
                    raise SubmissionError(f"{folder}: {rel} is not a regular file")
                files += 1
                size += os.path.getsize(path)
    if files > max_files:
        raise SubmissionError(f"{folder}: {files} files, more than the limit of {max_files}")
    if size > max_bytes:
        raise SubmissionError(f"{folder}: {size / 1e6:.1f} MB, more than the limit of {max_bytes / 1e6:.1f} MB")
    return files, size


@dataclass(frozen=True)
class Installed:
    name: str
    path: Path
    queue_id: int


def install_submission(folder: Path, submissions_root: Path, store, move: bool = False,
                       manifest: Manifest | None = None) -> Installed:
    """Put a validated folder at submissions_root/<name> and queue it.

    The name is claimed atomically (mkdir); an existing submission of that name is an error. With
    move=True the folder's contents are renamed into place (an unpacked upload); otherwise copied.
    A folder that already IS submissions_root/<name> is only queued.
    """
    folder = Path(folder)
    manifest = manifest or load_manifest(folder)
    submissions_root = Path(submissions_root)
    dest = submissions_root / manifest.name
    if folder.resolve() != dest.resolve():
        submissions_root.mkdir(parents=True, exist_ok=True)
        try:
            dest.mkdir()
        except FileExistsError:
            raise SubmissionError(f"a submission named {manifest.name!r} already exists in {submissions_root}/: "
                                  "choose another name in manifest.yaml") from None
        try:
            if move:
                for child in folder.iterdir():
                    os.rename(child, dest / child.name)
            else:
                shutil.copytree(folder, dest, dirs_exist_ok=True, symlinks=False,
                                ignore=shutil.ignore_patterns(*IGNORED))
            load_manifest(dest)
        except BaseException:
            shutil.rmtree(dest, ignore_errors=True)
            raise
    queue_id = store.enqueue(manifest.name, str(dest))
    return Installed(manifest.name, dest, queue_id)


# ------------------------------------------------------------------------------------------------
# the smoke dialog


def dataset_path(dataset_dir: Path, name: str, data_version: str | None = None) -> Path | None:
    """A published file of the dataset folder: ``data/<version>/<name>.parquet`` (the version's
    folder when given and present, else the newest), or the older flat ``data/<name>.parquet``."""
    dataset_dir = Path(dataset_dir)
    if data_version:
        exact = dataset_dir / "data" / data_version.replace("+", "-") / f"{name}.parquet"
        if exact.is_file():
            return exact
    found = sorted(dataset_dir.glob(f"data/*/{name}.parquet"), key=lambda p: (p.stat().st_mtime, str(p)))
    if found:
        return found[-1]
    flat = dataset_dir / "data" / f"{name}.parquet"
    return flat if flat.is_file() else None


def pick_smoke_row(dataset_dir: Path):
    """The dataset household with the fewest opportunities (the quickest full dialog)."""
    from .rows import read_parquet

    for name in ("diverse", "representative"):
        path = dataset_path(dataset_dir, name)
        if path is not None:
            rows = read_parquet(path)
            if rows:
                return min(rows, key=lambda r: (len(r.opportunities), r.id))
    raise BenyfitsError(f"no dataset rows in {dataset_dir}/data/: build the datasets first (dvc repro publish)")


def _briefs(project: Path, dataset_dir: Path) -> dict:
    from .evaluation.types import OpportunityBrief

    path = dataset_path(dataset_dir, "opportunities")
    if path is not None:
        import pyarrow.parquet as pq

        return {d["id"]: OpportunityBrief(d["id"], d["name"], d["requirements"])
                for d in pq.read_table(path, columns=["id", "name", "requirements"]).to_pylist()}
    from .catalog import load_catalog

    return {o.id: OpportunityBrief(o.id, o.name, o.requirements)
            for o in load_catalog(project / "opportunities").opportunities}


def _agent_spec(project: Path):
    """The run's default agent model spec from params.yaml, or None when it cannot be read."""
    from . import params
    from .evaluation.config import read_config

    try:
        return read_config(params.load(project / "params.yaml"))
    except BenyfitsError:
        return None


def smoke_dialog(manifest: Manifest, project: Path = Path("."), dataset_dir: Path | None = None,
                 quoting: bool = False, max_questions: int = 5, call_timeout_s: float = 120.0,
                 memory_mb: int = 2048, log: Callable[[str], None] = print):
    """One dialog with one household through ProcessAgent (separate process, limits, hidden data
    forbidden) and a simulated user (the configured model, or the quoting test stand-in)."""
    from .evaluation.agent_host import ProcessAgent
    from .evaluation.environment import run_dialog
    from .evaluation.session import HIDDEN
    from .evaluation.user import SimulatedUser
    from .models import EmbeddedServer, make_model

    project = Path(project)
    dataset_dir = Path(dataset_dir) if dataset_dir else project / "benyfits"
    row = pick_smoke_row(dataset_dir)
    briefs = _briefs(project, dataset_dir)
    missing = [o for o in row.opportunities if o not in briefs]
    if missing:
        raise BenyfitsError(f"opportunities {missing} of household {row.id} have no requirements text")
    config = _agent_spec(project)
    with ExitStack() as stack:
        roles: dict[str, dict] = {}
        if manifest.models:
            if config is None:
                raise BenyfitsError("the manifest declares models but params.yaml has no usable 'evaluate' "
                                    "section to say which model serves them")
            agent = config.agent_model
            if agent.backend == "embedded" and not agent.base_url:
                agent = replace(agent, base_url=stack.enter_context(EmbeddedServer()).base_url)
            roles = {role: asdict(agent) for role in manifest.models}
        if quoting:
            user_model, label = QuotingUserModel(), QUOTING_LABEL
        else:
            if config is None:
                raise BenyfitsError("params.yaml has no usable 'evaluate.simulator': pass --quoting-user to "
                                    "smoke-test with the quoting test user instead")
            sim = config.simulator
            if sim.backend == "embedded" and not sim.base_url:
                sim = replace(sim, base_url=stack.enter_context(EmbeddedServer()).base_url)
            user_model, label = stack.enter_context(make_model(sim)), config.simulator_label
        log(f"smoke dialog: household {row.dataset}/{row.id} ({len(row.opportunities)} opportunities), "
            f"simulated user {label}, at most {max_questions} questions")
        agent_proc = ProcessAgent(manifest.folder, manifest.entry_point, roles, 0, manifest.options,
                                  [project / h for h in HIDDEN], call_timeout_s, memory_mb)
        stack.callback(agent_proc.close)
        labels = dict(zip(row.opportunities, row.labels))
        return run_dialog(agent_proc, SimulatedUser(user_model, row.profile), [briefs[o] for o in row.opportunities],
                          labels, row.id, row.dataset, 0, max_questions)


def check_smoke(result) -> str:
    """A one-line summary, or SubmissionError when the dialog did not work."""
    from .evaluation.types import AGENT_ERROR, INFRA_ERROR, USER_ERROR

    if result.termination == AGENT_ERROR:
        raise SubmissionError(f"smoke dialog failed: the agent errored: {result.error}")
    if result.termination in (USER_ERROR, INFRA_ERROR):
        raise SubmissionError(f"smoke dialog failed: the simulated user did not answer ({result.termination}: "
                              f"{result.error}); check the model server, or pass --quoting-user")
    n = len(result.predictions or {})
    return (f"smoke dialog ok: {len(result.turns)} question(s), ended {result.termination}, "
            f"{n} prediction(s) in {result.wall_s:.1f} s")


# ------------------------------------------------------------------------------------------------
# store path and the worker


def default_store(project: Path = Path(".")) -> Path:
    """params.yaml evaluate.store when readable, else results/benyfits.duckdb (under the project)."""
    from . import params

    try:
        value = params.load(project / "params.yaml").get("evaluate", {}).get("store")
    except BenyfitsError:
        value = None
    return project / (value if isinstance(value, str) and value else DEFAULT_STORE)


def run_with_quoting_user(manifest: Manifest, config, project: Path = Path(".")) -> dict:
    """Like session.run_submission, but the simulated user is QuotingUserModel (a test stand-in)
    and the run is labelled QUOTING_LABEL. No model server is started unless the agent needs one."""
    from .evaluation.agent_host import ProcessAgent
    from .evaluation.config import load_rows
    from .evaluation.runner import RunPlan, evaluate
    from .evaluation.session import HIDDEN
    from .evaluation.store import ResultStore
    from .evaluation.types import RunSpec
    from .models import EmbeddedServer

    rows = load_rows(config, project / "benyfits")
    briefs = _briefs(project, project / "benyfits")
    data_version = next(iter(r.data_version for rs in rows.values() for r in rs), "unknown")
    with ExitStack() as stack:
        agent = config.agent_model
        if manifest.models and agent.backend == "embedded" and not agent.base_url:
            agent = replace(agent, base_url=stack.enter_context(EmbeddedServer()).base_url)
        roles = {role: asdict(agent) for role in (manifest.models or {})}
        max_questions = getattr(config, "max_questions", None)
        spec = RunSpec(
            submission=manifest.name,
            agent_models={role: f"{agent.backend}:{agent.model}" for role in manifest.models},
            simulator=QUOTING_LABEL,
            params={"subset": dict(config.subset), "subset_select": getattr(config, "subset_select", None),
                    "trials": config.trials, "seed": config.seed, "max_questions": max_questions,
                    "user": "quoting test stand-in"},
            data_version=data_version, datasets=tuple(rows), trials=config.trials,
            extra={"strategy": manifest.strategy, "authors": list(manifest.authors), "license": manifest.license},
        )
        store = ResultStore(project / config.store)

        def make_agent():
            return ProcessAgent(manifest.folder, manifest.entry_point, roles, config.seed, manifest.options,
                                [project / h for h in HIDDEN], config.call_timeout_s, config.agent_memory_mb)

        plan = RunPlan(spec=spec, rows=rows, briefs=briefs, concurrency=config.concurrency,
                       infra_retries=config.infra_retries, max_questions=max_questions,
                       bootstrap=config.bootstrap, seed=config.seed)
        run_id = evaluate(plan, store, make_agent, QuotingUserModel())
    metrics = {f"{m['dataset']}.{m['name']}": m["value"] for m in store.metrics(run_id)}
    return {"submission": manifest.name, "run_id": run_id, "data_version": data_version,
            "simulator": QUOTING_LABEL, "metrics": dict(sorted(metrics.items()))}


class _Stop(Exception):
    pass


def process_one(store, config, project: Path, quoting: bool, log: Callable[[str], None] = print) -> bool:
    """Claim and evaluate one queued submission; False when the queue is empty."""
    from .evaluation.session import run_submission

    item = store.claim_next()
    if item is None:
        return False
    qid, name = item["id"], item["submission"]
    log(f"worker: evaluating queue entry {qid} ({name}) from {item['path']}")
    try:
        path = Path(item["path"])
        manifest = load_manifest(path if path.is_absolute() else project / path)
        if manifest.name != name:
            raise SubmissionError(f"{path}: manifest name {manifest.name!r} differs from the queued {name!r}")
        if quoting:
            summary = run_with_quoting_user(manifest, config, project)
        else:
            summary = run_submission(manifest, config, project=project)
    except (KeyboardInterrupt, _Stop):
        store.finish_queue(qid, "failed", "worker stopped during the evaluation: queue it again")
        raise
    except Exception as e:  # noqa: BLE001 - a bad submission must not stop the worker
        detail = f"{type(e).__name__}: {e}"
        store.finish_queue(qid, "failed", detail[:2000])
        log(f"worker: queue entry {qid} ({name}) failed: {detail}")
        if not isinstance(e, BenyfitsError):
            traceback.print_exc()
        return True
    store.finish_queue(qid, "done")
    m = summary["metrics"]
    log(f"worker: queue entry {qid} ({name}) done: run {summary['run_id']}, "
        f"F1 {m.get('average.f1', float('nan')):.1f}, turns {m.get('average.turns', float('nan')):.1f}")
    return True


def run_worker(store, config, project: Path, quoting: bool, once: bool, poll_s: float,
               log: Callable[[str], None] = print) -> int:
    def stop(signum, frame):
        raise _Stop()

    old = signal.signal(signal.SIGTERM, stop)
    done = 0
    try:
        while True:
            if process_one(store, config, project, quoting, log):
                done += 1
                continue
            if once:
                break
            time.sleep(poll_s)
    except (KeyboardInterrupt, _Stop):
        log("worker: stopped")
    finally:
        signal.signal(signal.SIGTERM, old)
    log(f"worker: {done} submission(s) processed")
    return 0


# ------------------------------------------------------------------------------------------------
# commands


def _cmd_submit(args: argparse.Namespace) -> int:
    from .evaluation.store import ResultStore

    project = Path(args.project)
    folder = Path(args.path)
    manifest = load_manifest(folder)
    check_folder(folder)
    dest = Path(args.submissions) / manifest.name
    if dest.exists() and dest.resolve() != folder.resolve():
        raise SubmissionError(f"a submission named {manifest.name!r} already exists in {args.submissions}/: "
                              "choose another name in manifest.yaml")
    print(f"manifest ok: {manifest.name} (strategy {manifest.strategy}, entry point {manifest.entry_point})")
    if args.no_smoke:
        print("smoke dialog skipped (--no-smoke)")
    else:
        result = smoke_dialog(manifest, project, Path(args.dataset_dir) if args.dataset_dir else None,
                              quoting=quoting_requested(args.quoting_user), max_questions=args.smoke_questions,
                              call_timeout_s=args.call_timeout, memory_mb=args.memory_mb)
        print(check_smoke(result))
    store = ResultStore(Path(args.store) if args.store else default_store(project))
    installed = install_submission(folder, Path(args.submissions), store, manifest=manifest)
    print(f"queued {installed.name} as entry {installed.queue_id} in {store.path} "
          f"(folder {installed.path}); `benyfits worker` evaluates it")
    return 0


def _cmd_worker(args: argparse.Namespace) -> int:
    from . import params
    from .evaluation.config import read_config
    from .evaluation.store import ResultStore

    project = Path(args.project)
    config = read_config(params.load(args.params or project / "params.yaml"))
    if args.store:
        config = replace(config, store=Path(args.store).resolve())
    store = ResultStore(project / config.store)
    quoting = quoting_requested(args.quoting_user)
    print(f"worker: store {store.path}; simulated user "
          f"{QUOTING_LABEL if quoting else config.simulator_label}; {'until the queue is empty' if args.once else 'Ctrl-C stops'}")
    return run_worker(store, config, project, quoting, args.once, args.poll)


def import_leaderboard():
    """The `leaderboard` package lives at the project root beside `eligibench`."""
    try:
        import leaderboard.app as app  # noqa: F401
    except ModuleNotFoundError as e:
        if e.name not in ("leaderboard", "leaderboard.app"):
            raise
        root = Path(__file__).resolve().parents[1]
        if not (root / "leaderboard" / "app.py").is_file():
            raise BenyfitsError("the leaderboard package is not next to eligibench: run from a source checkout") from None
        sys.path.insert(0, str(root))
        import leaderboard.app as app  # noqa: F401
    return sys.modules["leaderboard.app"]


def _cmd_leaderboard(args: argparse.Namespace) -> int:
    app = import_leaderboard()
    return app.main_from_args(args)


def add_leaderboard_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("--store", default=None, help="DuckDB results file (default: params.yaml evaluate.store)")
    p.add_argument("--snapshot", default=None,
                   help="read Parquet snapshots (ResultStore.export_parquet) from this folder instead of the store")
    p.add_argument("--host", default="127.0.0.1")
    p.add_argument("--port", type=int, default=7860)
    p.add_argument("--project", default=".", help="project root (default: the current folder)")
    p.add_argument("--submissions", default=None, help="where uploads are unpacked (default: <project>/submissions)")
    p.add_argument("--dataset-dir", default=None, help="dataset folder for ground truth (default: <project>/benyfits)")
    p.add_argument("--audit", default=None, help="audit JSON file (default: <project>/reports/audit.json)")
    p.add_argument("--max-upload-mb", type=float, default=5.0, help="largest ZIP accepted")
    p.add_argument("--max-unpacked-mb", type=float, default=20.0, help="largest unpacked submission")
    p.add_argument("--max-files", type=int, default=200, help="most files in an uploaded submission")
    p.add_argument("--no-upload", action="store_true", help="hide the submission tab (read-only board)")


def register(sub: argparse._SubParsersAction) -> None:
    s = sub.add_parser("submit", help="validate a submission folder, smoke-test it on one household, queue it")
    s.add_argument("path", help="submission folder (manifest.yaml + code)")
    s.add_argument("--project", default=".", help="project root (default: the current folder)")
    s.add_argument("--store", default=None, help="DuckDB results file (default: params.yaml evaluate.store)")
    s.add_argument("--submissions", default="submissions", help="where the folder is copied (default: submissions/)")
    s.add_argument("--dataset-dir", default=None, help="dataset folder for the smoke household (default: benyfits/)")
    s.add_argument("--quoting-user", action="store_true",
                   help=f"smoke-test with QuotingUserModel, a test stand-in that is NOT a language model (quotes "
                        f"the profile sentence best matching each question): no model server needed. "
                        f"Also ${QUOTING_ENV}=1")
    s.add_argument("--no-smoke", action="store_true", help="skip the smoke dialog")
    s.add_argument("--smoke-questions", type=int, default=5, help="question cap for the smoke dialog (default 5)")
    s.add_argument("--call-timeout", type=float, default=120.0, help="seconds per agent call in the smoke dialog")
    s.add_argument("--memory-mb", type=int, default=2048, help="agent process memory limit in the smoke dialog")
    s.set_defaults(func=_cmd_submit)

    w = sub.add_parser("worker", help="evaluate queued submissions (claim -> run_submission -> finish)")
    w.add_argument("--project", default=".", help="project root (default: the current folder)")
    w.add_argument("--params", default=None, help="params file (default: <project>/params.yaml)")
    w.add_argument("--store", default=None, help="DuckDB results file (default: params.yaml evaluate.store)")
    w.add_argument("--once", action="store_true", help="exit when the queue is empty")
    w.add_argument("--poll", type=float, default=5.0, help="seconds between queue checks when idle")
    w.add_argument("--quoting-user", action="store_true",
                   help=f"simulated user = QuotingUserModel test stand-in (NOT a language model; runs are labelled "
                        f"{QUOTING_LABEL!r}). Also ${QUOTING_ENV}=1")
    w.set_defaults(func=_cmd_worker)

    lb = sub.add_parser("leaderboard", help="serve the Gradio leaderboard")
    add_leaderboard_arguments(lb)
    lb.set_defaults(func=_cmd_leaderboard)


def main(argv: Sequence[str] | None = None) -> Any:  # pragma: no cover - convenience
    parser = argparse.ArgumentParser(prog="benyfits")
    register(parser.add_subparsers(dest="command", required=True))
    args = parser.parse_args(argv)
    return args.func(args)
