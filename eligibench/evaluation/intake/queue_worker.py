"""The queue worker: claim the oldest queued submission, evaluate it through the one session
path, mark it done or failed (with the reason), until the queue is empty or the worker stops."""
from __future__ import annotations

import signal
import time
import traceback
from pathlib import Path
from typing import Callable

from eligibench.errors import BenyfitsError
from eligibench.evaluation.hosting import SubmissionError, load_manifest
from eligibench.evaluation.run import resolve_run, run_submission
from eligibench.evaluation.user import QUOTING_LABEL, QuotingUserModel


class _Stop(Exception):
    pass


def process_one(store, config, project: Path, quoting: bool, log: Callable[[str], None] = print) -> bool:
    """Claim and evaluate one queued submission; False when the queue is empty."""
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
        user = (QuotingUserModel(), QUOTING_LABEL) if quoting else (None, None)
        resolved = resolve_run(config, manifest, project=project, stand_in_label=user[1])
        summary = run_submission(resolved, project=project, user_model=user[0])
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
