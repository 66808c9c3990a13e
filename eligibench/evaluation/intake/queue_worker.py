"""The queue worker: claim the oldest queued submission, evaluate it through the one session
path, mark it done or failed (with the reason), until the queue is empty or the worker stops.

Several workers may share the queue: each claim is a lease the worker renews from a heartbeat
thread while it evaluates (results/queue.py). A worker only marks done what it still holds and
what finished (`run_submission` raises on an incomplete run, so that is failed, never done); a
stopped worker gives its entry back; a crashed one stops renewing and its entry returns to the
queue when the lease expires, for another worker to resume.

`store` is a ResultStore (a worker on the store's machine) or a `QueueClient` of the claim service
(results/queue_service.py: a worker on another machine); the latter fetches the submission folder,
evaluates into a scratch store under `.benyfits-worker/` and sends the run back.
"""
from __future__ import annotations

import shutil
import signal
import threading
import time
import traceback
from dataclasses import replace
from pathlib import Path
from typing import Callable

from eligibench.errors import BenyfitsError
from eligibench.evaluation.hosting import (
    ServiceAddressRefused,
    ServicePolicy,
    ServiceURLError,
    SubmissionError,
    enforced,
    load_manifest,
)
from eligibench.evaluation.run import load_run, run_identity, run_submission
from eligibench.evaluation.user import QUOTING_LABEL, QuotingUserModel
from eligibench.results import (
    LEASE_S,
    LeaseLost,
    QueueClient,
    ResultStore,
    StoreError,
    export_run,
    import_run,
    metric,
    run_id_for,
    worker_id,
)
from eligibench.terminal import safe

REMOTE_WORK = Path(".benyfits-worker")  # under the project: a remote job's submission folder and scratch store


class _Stop(Exception):
    pass


class _Heartbeat:
    """Renews `worker`'s lease on entry `qid` every lease_s / 4 until stopped; `lost` once it cannot.
    `on_beat` (set with `push_with`): called after each renewal, e.g. a remote worker sending its
    progress; `push_with(None)` returns once no call of it is under way."""

    def __init__(self, store, qid: int, worker: str, lease_s: float, log: Callable[[str], None]):
        self.store, self.qid, self.worker, self.lease_s, self.log = store, qid, worker, lease_s, log
        self.lost = False
        self._on_beat: Callable[[], None] | None = None
        self._beat_lock = threading.Lock()
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, name=f"lease-{qid}", daemon=True)

    def push_with(self, on_beat: Callable[[], None] | None) -> None:
        with self._beat_lock:
            self._on_beat = on_beat

    def _run(self) -> None:
        while not self._stop.wait(self.lease_s / 4):
            try:
                if not self.store.renew_lease(self.qid, self.worker, self.lease_s):
                    self.lost = True
                    self.log(f"worker: lost the lease on queue entry {self.qid}: another worker may run it")
                    return
                with self._beat_lock:
                    if self._on_beat is not None:
                        self._on_beat()
            except Exception as e:  # noqa: BLE001 - a busy store: try again at the next beat
                self.log(f"worker: heartbeat of queue entry {self.qid}: {type(e).__name__}: {e}")

    def __enter__(self) -> "_Heartbeat":
        self._thread.start()
        return self

    def __exit__(self, *exc_info) -> None:
        self._stop.set()
        self._thread.join()


def say(line: str) -> None:
    """The worker's log line on stdout; an agent's error quoted in it cannot drive the terminal."""
    print(safe(line), flush=True)


def _finish(store, qid: int, status: str, error: str | None, worker: str, log: Callable[[str], None]) -> bool:
    try:
        store.finish_queue(qid, status, error, worker=worker)
        return True
    except LeaseLost as e:
        log(f"worker: {e}")
        return False


def _run_remote(client: QueueClient, qid: int, worker: str, config, manifest, project: Path, user,
                log: Callable[[str], None], beat: _Heartbeat) -> dict:
    """Evaluate into a scratch store that starts as the store's machine holds the run (a resumed
    run keeps its dialogs); send the run back at each heartbeat when dialogs were added (a worker
    killed mid-job loses only the dialogs under way) and at the end (also when it broke off);
    the service writes it only while this worker holds the lease."""
    resolved = load_run(manifest, project, config=config, stand_in_label=user[1])
    run_id = run_id_for(run_identity(resolved))
    scratch = ResultStore(project / resolved.config.store)
    doc = client.fetch_run(run_id)
    if doc is not None:
        import_run(scratch, doc)
    sent = [len((doc or {}).get("tables", {}).get("dialogs", {}).get("rows", []))]

    def send(final: bool) -> None:
        out = export_run(scratch, run_id)
        dialogs = len(out["tables"]["dialogs"]["rows"]) if out is not None else 0
        if out is None or (not final and dialogs == sent[0]):
            return
        try:
            rows = client.push_run(qid, worker, out)
            sent[0] = dialogs
            log(f"worker {worker}: sent run {run_id} ({dialogs} dialogs, {rows} rows{', final' if final else ''}) "
                f"to {client.url}")
        except LeaseLost as e:
            log(f"worker {worker}: run {run_id} not sent: {e}")

    beat.push_with(lambda: send(False))
    try:
        return run_submission(resolved, project=project, user_model=user[0])
    finally:
        beat.push_with(None)  # no progress push may land after the final one
        send(True)


def process_one(store, config, project: Path, quoting: bool, log: Callable[[str], None] = say,
                worker: str | None = None, lease_s: float = LEASE_S, policy: ServicePolicy | None = None) -> bool:
    """Claim and evaluate one queued submission; False when the queue is empty. A service
    submission's traffic is held to `policy` (default: no loopback, private, link-local or own
    address: hosting.url_policy; the operator's allow-list comes from params.yaml services.allow)."""
    config = replace(config, isolation="jail")  # queued agents come from outside: always jailed
    worker = worker or worker_id()
    item = store.claim_next(worker, lease_s)
    if item is None:
        return False
    qid, name = item["id"], item["submission"]
    log(f"worker {worker}: evaluating queue entry {qid} ({name}) from {item['path']} (attempt {item['attempts']})")
    remote = isinstance(store, QueueClient)
    work = project / REMOTE_WORK / f"{worker.replace(':', '-').replace('/', '-')}-{qid}"
    try:
        with _Heartbeat(store, qid, worker, lease_s, log) as beat, enforced(policy or ServicePolicy()):
            path = Path(item["path"])
            if remote:  # the folder lives on the store's machine: fetched while this worker holds the lease
                path = store.fetch_submission(qid, worker, work)
            manifest = load_manifest(path if path.is_absolute() else project / path)
            if manifest.name != name:
                raise SubmissionError(f"{path}: manifest name {manifest.name!r} differs from the queued {name!r}")
            if manifest.is_service:  # refused before any dialog, naming the address rule
                try:
                    (policy or ServicePolicy()).check_url(manifest.url)
                except (ServiceAddressRefused, ServiceURLError) as e:
                    raise SubmissionError(f"{path}: field 'url': {e}") from None
            user = (QuotingUserModel(), QUOTING_LABEL) if quoting else (None, None)
            if remote:
                summary = _run_remote(store, qid, worker, replace(config, store=work / "run.duckdb"), manifest,
                                      project, user, log, beat)
            else:
                resolved = load_run(manifest, project, config=config, stand_in_label=user[1])
                summary = run_submission(resolved, project=project, user_model=user[0])
    except (KeyboardInterrupt, _Stop):
        if store.release_queue(qid, worker, f"worker {worker} stopped during the evaluation; returned to the queue"):
            log(f"worker: queue entry {qid} ({name}) returned to the queue")
        raise
    except Exception as e:  # noqa: BLE001 - a bad submission must not stop the worker
        detail = f"{type(e).__name__}: {e}"
        if _finish(store, qid, "failed", detail[:2000], worker, log):
            log(f"worker: queue entry {qid} ({name}) failed: {detail}")
        if not isinstance(e, BenyfitsError):
            traceback.print_exc()
        return True
    finally:
        if remote:
            shutil.rmtree(work, ignore_errors=True)
    m = summary["metrics"]
    errors, dialogs = int(m.get("average.agent_errors") or 0), int(m.get("average.dialogs") or 0)
    # issue 36: a run whose agent failed in some dialogs finished, but is not "done": never ranked
    state = f"agent errors {errors}/{dialogs} (not ranked)" if errors else "done"
    if not _finish(store, qid, "done", state if errors else None, worker, log):
        return True
    log(f"worker: queue entry {qid} ({name}) {state}: run {summary['run_id']}, "
        + ", ".join(f"{metric(k).label} {m.get(f'average.{k}', float('nan')):.1f}" for k in ("f1", "turns")))
    return True


def run_worker(store, config, project: Path, quoting: bool, once: bool, poll_s: float,
               log: Callable[[str], None] = say, worker: str | None = None, lease_s: float = LEASE_S,
               policy: ServicePolicy | None = None) -> int:
    def stop(signum, frame):
        raise _Stop()

    old = signal.signal(signal.SIGTERM, stop)
    done = 0
    try:
        while True:
            try:
                if process_one(store, config, project, quoting, log, worker, lease_s, policy):
                    done += 1
                    continue
            except StoreError as e:  # the queue is busy or its service unreachable: try again later
                log(f"worker: cannot claim from {store.path}: {e}")
            if once:
                break
            time.sleep(poll_s)
    except (KeyboardInterrupt, _Stop):
        log("worker: stopped")
    finally:
        signal.signal(signal.SIGTERM, old)
    log(f"worker: {done} submission(s) processed")
    return 0
