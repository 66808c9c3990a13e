"""Evaluate one submission over the datasets: dialogs run concurrently (bounded), each is
written to the store as it finishes, and a restarted run picks up only what is missing.

Outages are not results (issue 13): a dialog that still ends `infrastructure_error` after the
retries is stored as such, and the run ends `incomplete` (not `done`: never ranked, and the
stage / command exits non-zero); running it again retries exactly those dialogs. A dataset with
no scored dialog gets no score at all (not 0). A dialog whose result cannot be stored (a value
out of range) is recorded as an agent error instead: one bad value fails that dialog, never the run.

Trials are replicates: dialogs run trial by trial, and each trial gets its own agent
(`make_agent(trial)`, whose models carry that trial's seeds) and its own simulated user's model
(`user_model` may map trial -> model; a single model serves every trial).
"""
from __future__ import annotations

import asyncio
import inspect
import threading
from dataclasses import dataclass, field
from typing import Any, Callable, Mapping, Sequence

from eligibench.datasets.rows import Row
from eligibench.errors import BenyfitsError
from eligibench.evaluation.hosting import Agent, OpportunityBrief
from eligibench.evaluation.run.dialog_loop import run_dialog
from eligibench.evaluation.scoring import record_run_process, summarize
from eligibench.evaluation.user import FREE_FORM, SimulatorMode, make_user
from eligibench.results.records import AGENT_ERROR, INFRA_ERROR, DialogResult, RunSpec
from eligibench.results.sanitize import UnstorableValue
from eligibench.results.store import ResultStore, run_id_for

DONE, INCOMPLETE = "done", "incomplete"


class RunIncomplete(BenyfitsError):
    """The run ended with dialogs lost to infrastructure errors: stored, not done; re-run it."""

    def __init__(self, run_id: str, failed: int, first_error: str | None = None):
        self.run_id, self.failed, self.first_error = run_id, failed, first_error
        cause = f" The first: {first_error}" if first_error else ""
        super().__init__(f"run {run_id} is incomplete: {failed} dialog(s) ended in infrastructure errors "
                         "(model endpoint down); it is not ranked. Run the same evaluation again to retry exactly those."
                         + cause)


@dataclass(frozen=True)
class RunPlan:
    spec: RunSpec
    rows: Mapping[str, Sequence[Row]]  # dataset -> rows to evaluate (already subset)
    briefs: Mapping[str, OpportunityBrief]
    user_max_tokens: int  # every simulated-user answer's limit: the simulator spec's max_tokens
    concurrency: int = 1
    infra_retries: int = 1
    max_questions: int | None = None
    bootstrap: int = 1000
    seed: int = 0
    simulator_mode: SimulatorMode = FREE_FORM


@dataclass
class _Slot:
    make_agent: Callable[[int], Agent]
    agent: Agent | None = None
    trial: int | None = None  # the trial `agent` was made for
    lock: threading.Lock = field(default_factory=threading.Lock)

    def for_trial(self, trial: int) -> Agent:
        """This slot's agent for `trial` (a new one, with that trial's seeds, when it changes)."""
        if self.agent is None or self.trial != trial:
            self.close()
            self.agent, self.trial = self.make_agent(trial), trial
        return self.agent

    def close(self) -> None:
        close = getattr(self.agent, "close", None)
        if close:
            close()
        self.agent = None


def _per_trial(make_agent: Callable) -> Callable[[int], Agent]:
    """make_agent(trial), or a zero-argument factory used for every trial."""
    try:
        takes_trial = bool(inspect.signature(make_agent).parameters)
    except (TypeError, ValueError):
        takes_trial = True
    return make_agent if takes_trial else (lambda _trial: make_agent())


def _user_for(user_model: Any, trial: int) -> Any:
    return user_model[trial] if isinstance(user_model, Mapping) else user_model


def pending(plan: RunPlan, done: set[tuple[str, str, int]]) -> list[tuple[str, Row, int]]:
    """Dialogs still to run, trial by trial (an agent process per trial, not per dialog)."""
    out = []
    for trial in range(plan.spec.trials):
        for dataset, rows in plan.rows.items():
            for row in rows:
                if (dataset, row.id, trial) not in done:
                    out.append((dataset, row, trial))
    return out


def _one(slot: _Slot, user_model, plan: RunPlan, dataset: str, row: Row, trial: int) -> DialogResult:
    briefs = [plan.briefs[o] for o in row.opportunities]
    labels = dict(zip(row.opportunities, row.labels))
    with slot.lock:
        agent = slot.for_trial(trial)
        for _attempt in range(plan.infra_retries + 1):
            result = run_dialog(agent, make_user(plan.simulator_mode, _user_for(user_model, trial), row, plan.user_max_tokens),
                                briefs, labels,
                                row.id, dataset, trial, plan.max_questions)
            if result.termination != INFRA_ERROR:
                break
    return result


async def _run_all(plan: RunPlan, store: ResultStore, run_id: str, slots: list[_Slot], user_model,
                   todo: list[tuple[str, Row, int]], progress: Callable[[int], None] | None) -> None:
    queue: asyncio.Queue = asyncio.Queue()
    for item in todo:
        queue.put_nowait(item)

    async def worker(slot: _Slot) -> None:
        while not queue.empty():
            dataset, row, trial = queue.get_nowait()
            result = await asyncio.to_thread(_one, slot, user_model, plan, dataset, row, trial)
            await asyncio.to_thread(_record, store, run_id, result)
            if progress:
                progress(1)

    await asyncio.gather(*(worker(s) for s in slots))


def _record(store: ResultStore, run_id: str, result: DialogResult) -> None:
    try:
        store.record_dialog(run_id, result)
    except UnstorableValue as e:
        store.record_dialog(run_id, DialogResult(result.row_id, result.dataset, result.trial, (), None, dict(result.labels),
                                                 AGENT_ERROR, f"result could not be stored: {e}"))


def retryable_done(store: ResultStore, run_id: str) -> set[tuple[str, str, int]]:
    """Dialogs of the run that need no re-run: every stored one but infrastructure errors."""
    return {(r.dataset, r.row_id, r.trial) for r in store.dialog_results(run_id) if r.termination != INFRA_ERROR}


def evaluate(plan: RunPlan, store: ResultStore, make_agent: Callable[..., Agent], user_model,
             progress: Callable[[int], None] | None = None) -> str:
    """Run (or finish) the run for `plan.spec`; returns its run id. Metrics are recomputed from
    every stored dialog of the run, so a resumed run scores exactly like an uninterrupted one."""
    run_id = store.ensure_run(plan.spec)
    assert run_id == run_id_for(plan.spec)
    todo = pending(plan, retryable_done(store, run_id))
    if todo:
        store.set_run_status(run_id, "running")
        factory = _per_trial(make_agent)
        slots = [_Slot(factory) for _ in range(max(1, min(plan.concurrency, len(todo))))]
        try:
            asyncio.run(_run_all(plan, store, run_id, slots, user_model, todo, progress))
        finally:
            for s in slots:
                s.close()
    results = store.dialog_results(run_id)
    by_dataset: dict[str, list[DialogResult]] = {d: [] for d in plan.rows}
    for r in results:
        by_dataset.setdefault(r.dataset, []).append(r)
    scored = {d: rs for d, rs in by_dataset.items() if any(r.scored for r in rs)}  # no scored dialog: no score
    process = record_run_process(store, run_id, plan.rows, results, plan.simulator_mode.grounded)
    score_rows = (summarize(scored, n_boot=plan.bootstrap, seed=plan.seed, trials=plan.spec.trials).to_rows()
                  if scored else [])
    store.record_metrics(run_id, score_rows + process)
    failed = sum(r.termination == INFRA_ERROR for r in results)
    store.set_run_status(run_id, INCOMPLETE if failed or not scored else DONE)
    return run_id
