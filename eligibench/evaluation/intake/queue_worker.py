"""The queue worker: claim the oldest queued submission, evaluate it through the one session
path, mark it done or failed (with the reason), until the queue is empty or the worker stops.

Several workers may share the queue: each claim is a lease the worker renews from a heartbeat
thread while it evaluates (results/queue.py). A worker only marks done what it still holds and
what finished (`run_submission` raises on an incomplete run, so that is failed, never done); a
stopped worker gives its entry back; a crashed one stops renewing and its entry returns to the
queue when the lease expires, for another worker to resume.

Workers run on the store's machine, whose processes alone write the store. A run uses the
executor `evaluate.executor` names (`--executor`, `--ray-address`): with `ray` its dialogs go to
the nodes of an authenticated Ray cluster whose head is this machine, the submission folder
travelling with them in Ray's object store (run/ray_cluster.py), and a node lost mid-run has its
dialogs re-run on another (docs/scale.md, "Queue across machines").
"""
from __future__ import annotations

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
from eligibench.evaluation.run import load_run, run_submission
from eligibench.evaluation.user import QUOTING_LABEL, QuotingUserModel
from eligibench.results import LEASE_S, LeaseLost, ResultStore, StoreError, metric, worker_id
from eligibench.terminal import safe


class _Stop(BaseException):
    """SIGTERM, raised in the main thread wherever it is. A BaseException, like KeyboardInterrupt: as an
    Exception, an `except Exception` on the way (a dialog's error handler, an agent error) caught it, the
    evaluation went on, and the stopped worker kept polling (seen: no exit 120 s after SIGTERM)."""


class _Heartbeat:
    """Renews `worker`'s lease on entry `qid` every lease_s / 4 until stopped; `lost` once it cannot."""

    def __init__(self, store: ResultStore, qid: int, worker: str, lease_s: float, log: Callable[[str], None]):
        self.store, self.qid, self.worker, self.lease_s, self.log = store, qid, worker, lease_s, log
        self.lost = False
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, name=f"lease-{qid}", daemon=True)

    def _run(self) -> None:
        while not self._stop.wait(self.lease_s / 4):
            try:
                if not self.store.renew_lease(self.qid, self.worker, self.lease_s):
                    self.lost = True
                    self.log(f"worker: lost the lease on queue entry {self.qid}: another worker may run it")
                    return
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


def _finish(store: ResultStore, qid: int, status: str, error: str | None, worker: str,
            log: Callable[[str], None]) -> bool:
    try:
        store.finish_queue(qid, status, error, worker=worker)
        return True
    except LeaseLost as e:
        log(f"worker: {e}")
        return False


def process_one(store: ResultStore, config, project: Path, quoting: bool, log: Callable[[str], None] = say,
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
    try:
        with _Heartbeat(store, qid, worker, lease_s, log), enforced(policy or ServicePolicy()):
            path = Path(item["path"])
            manifest = load_manifest(path if path.is_absolute() else project / path)
            if manifest.name != name:
                raise SubmissionError(f"{path}: manifest name {manifest.name!r} differs from the queued {name!r}")
            if manifest.is_service:  # refused before any dialog, naming the address rule
                try:
                    (policy or ServicePolicy()).check_url(manifest.url)
                except (ServiceAddressRefused, ServiceURLError) as e:
                    raise SubmissionError(f"{path}: field 'url': {e}") from None
            user = (QuotingUserModel(), QUOTING_LABEL) if quoting else (None, None)
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
    m = summary["metrics"]
    errors, dialogs = int(m.get("average.agent_errors") or 0), int(m.get("average.dialogs") or 0)
    # issue 36: a run whose agent failed in some dialogs finished, but is not "done": never ranked
    state = f"agent errors {errors}/{dialogs} (not ranked)" if errors else "done"
    if not _finish(store, qid, "done", state if errors else None, worker, log):
        return True
    log(f"worker: queue entry {qid} ({name}) {state}: run {summary['run_id']}, "
        + ", ".join(f"{metric(k).label} {m.get(f'average.{k}', float('nan')):.1f}" for k in ("f1", "turns")))
    return True


def run_worker(store: ResultStore, config, project: Path, quoting: bool, once: bool, poll_s: float,
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
            except StoreError as e:  # the store is busy: try again later
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
