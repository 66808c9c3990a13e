"""Evaluate one submission over the datasets: dialogs run concurrently (bounded), each is
written to the store as it finishes, and a restarted run picks up only what is missing. Where
the dialogs run is the executor's business (`executors.py`: local threads or Ray tasks); what
runs, and the store, are this module's: only this process writes the store.

Outages are not results (issue 13): a dialog that still ends `infrastructure_error` after the
retries is stored as such, and the run ends `incomplete` (not `done`: never ranked, and the
stage / command exits non-zero); running it again retries exactly those dialogs. A dataset with
no scored dialog gets no score at all (not 0). A dialog whose result cannot be stored (a value
out of range) is recorded as an agent error instead: one bad value fails that dialog, never the run.

Interrupted (Ctrl-C, SIGTERM through `benyfits evaluate`'s handler, any exception out of the
executor) the run is marked `incomplete`, not left `running`; a run whose process was killed
outright (SIGKILL, a crash) is found `running` with its process gone and marked `incomplete` by
`ResultStore.mark_stale_runs` the next time a command opens the store. While an agent call runs
longer than `HEARTBEAT_AFTER_S` a line says so every `HEARTBEAT_EVERY_S` ("still waiting for the
agent: 45 s (ask, household diverse-0003)"): a hanging agent is never silence.

Trials are replicates: dialogs run trial by trial, and each trial gets its own agent
(`make_agent(trial)`, whose models carry that trial's seeds) and its own simulated user's model
(`user_model` may map trial -> model; a single model serves every trial).
"""
from __future__ import annotations

import os
import sys
import threading
from typing import Callable

from eligibench.datasets import Row
from eligibench.errors import BenyfitsError
from eligibench.evaluation.hosting import Agent
from eligibench.evaluation.regrade import record_first_grading
from eligibench.evaluation.run.executors import Executor, LocalExecutor
from eligibench.evaluation.run.model import ResolvedRun
from eligibench.evaluation.scoring import score_run
from eligibench.results import (
    AGENT_ERROR,
    INFRA_ERROR,
    DialogResult,
    ResultStore,
    RunSpec,
    UnstorableValue,
    run_id_for,
)

DONE, INCOMPLETE = "done", "incomplete"
# a heartbeat line once an agent call has run this long, then every HEARTBEAT_EVERY_S; the
# environment variable shortens it for tests
HEARTBEAT_AFTER_S = float(os.environ.get("BENYFITS_HEARTBEAT_S", "30"))
HEARTBEAT_EVERY_S = 15.0


class Heartbeat:
    """A daemon thread printing how long the slowest agent call has run, while it runs long."""

    def __init__(self, write: Callable[[str], None] | None = None, after_s: float | None = None,
                 every_s: float | None = None):
        self.after_s = HEARTBEAT_AFTER_S if after_s is None else after_s
        self.every_s = min(HEARTBEAT_EVERY_S, self.after_s) if every_s is None else every_s
        self.write = write or _stderr_line
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._beat, name="benyfits-heartbeat", daemon=True)

    def __enter__(self) -> "Heartbeat":
        self._thread.start()
        return self

    def __exit__(self, *exc) -> None:
        self._stop.set()
        self._thread.join(timeout=5)

    def _beat(self) -> None:
        from eligibench.evaluation.run.dialog_loop import IN_FLIGHT

        step = min(1.0, self.every_s)
        last = None
        while not self._stop.wait(step):
            slow = IN_FLIGHT.slowest()
            if slow is None or slow[2] < self.after_s:
                continue
            op, row, seconds = slow
            if last is None or seconds - last >= self.every_s or seconds < last:
                last = seconds
                self.write(f"still waiting for the agent: {seconds:.0f} s ({op}, household {row})")


def _stderr_line(text: str) -> None:
    try:
        from tqdm import tqdm

        tqdm.write(text, file=sys.stderr)  # above a progress bar, not through it
    except Exception:  # noqa: BLE001 - a heartbeat never breaks a run
        print(text, file=sys.stderr, flush=True)


class RunIncomplete(BenyfitsError):
    """The run ended with dialogs lost to infrastructure errors: stored, not done; re-run it."""

    def __init__(self, run_id: str, failed: int, first_error: str | None = None):
        self.run_id, self.failed, self.first_error = run_id, failed, first_error
        cause = f" The first: {first_error}" if first_error else ""
        super().__init__(f"run {run_id} is incomplete: {failed} dialog(s) ended in infrastructure errors "
                         "(model endpoint down); it is not ranked. Run the same evaluation again to retry exactly those."
                         + cause)


def pending(run: ResolvedRun, trials: int, done: set[tuple[str, str, int]]) -> list[tuple[str, Row, int]]:
    """Dialogs still to run, trial by trial (an agent process per trial, not per dialog)."""
    out = []
    for trial in range(trials):
        for dataset, rows in run.rows.items():
            for row in rows:
                if (dataset, row.id, trial) not in done:
                    out.append((dataset, row, trial))
    return out


def _record(store: ResultStore, run_id: str, result: DialogResult) -> None:
    try:
        store.record_dialog(run_id, result)
    except UnstorableValue as e:
        store.record_dialog(run_id, DialogResult(result.row_id, result.dataset, result.trial, (), None, dict(result.labels),
                                                 AGENT_ERROR, f"result could not be stored: {e}"))


def retryable_done(store: ResultStore, run_id: str) -> set[tuple[str, str, int]]:
    """Dialogs of the run that need no re-run: every stored one but infrastructure errors."""
    return {(r.dataset, r.row_id, r.trial) for r in store.dialog_results(run_id) if r.termination != INFRA_ERROR}


def evaluate(run: ResolvedRun, spec: RunSpec, store: ResultStore, make_agent: Callable[..., Agent] | None = None,
             user_model=None, progress: Callable[[int], None] | None = None, executor: Executor | None = None) -> str:
    """Run (or finish) the run `spec` identifies (`run_identity(run)`, or the stored run a human
    run or a log import fills) over `run`'s rows; returns its run id. Metrics are recomputed from
    every stored dialog of the run, so a resumed run scores exactly like an uninterrupted one.
    `executor` runs the dialogs (default: local threads over `make_agent` and `user_model`);
    whichever it is, only this process writes the store, one finished dialog at a time."""
    run_id = store.ensure_run(spec)
    assert run_id == run_id_for(spec)
    store.mark_stale_runs()  # runs whose process was killed outright: incomplete, not running
    todo = pending(run, spec.trials, retryable_done(store, run_id))
    if todo:
        store.start_run(run_id)
        if executor is None:
            if make_agent is None:
                raise ValueError("evaluate: give make_agent (local threads) or an executor")
            executor = LocalExecutor(make_agent, user_model)

        def record(result: DialogResult) -> None:
            _record(store, run_id, result)
            if progress:
                progress(1)

        try:
            with Heartbeat():
                executor.run(run, todo, record)
        except BaseException:
            # Ctrl-C, SIGTERM, a crash: what is stored stays, and the run says it did not finish
            try:
                store.set_run_status(run_id, INCOMPLETE)
            except Exception:  # noqa: BLE001 - the store's own failure must not hide why the run stopped
                pass  # the run's process is gone after this: the next open reads it incomplete
            raise
    # every figure (persona-aware scoring, process, faults, agent-attributable): the path a regrade takes too
    figures = score_run(store, run_id, run.rows, store.dialog_results(run_id), run.simulator.mode, run.config.bootstrap,
                        run.config.seed, spec.trials)
    store.record_metrics(run_id, figures.rows)
    # issue 31: grading 1: the households evaluated and the digest of the ground truth that graded them
    record_first_grading(store, run_id, run.rows, spec.protocol, run.config.bootstrap, figures.scores)
    failed = sum(r.termination == INFRA_ERROR for r in figures.results)
    store.set_run_status(run_id, INCOMPLETE if failed or not figures.scored else DONE)
    return run_id
