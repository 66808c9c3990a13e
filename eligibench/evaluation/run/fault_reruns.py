"""`benyfits evaluate --rerun-simulator-faults N`: the dialogs of a run that hold a simulator fault
(a pair lost to a false or withheld fact, `scoring.simulator_faults`) are run again with new
simulator seeds, up to N attempts each, until an attempt has no simulator fault.

Each attempt is recorded (`simulator_reruns`: which dialog, the attempt, the simulator seed, how it
ended, the simulator faults left, the pairs right and in all). The run's own dialogs and scores are
left as they are: a re-run answers "was that loss the simulator's luck?" (with a seeded sampling
simulator a new seed gives a new answer), it does not replace evidence. The new seed of attempt a
is `trial_seed(evaluate.seed, trial, "simulator-rerun-<a>")`: the same params give the same re-runs.
A simulator that calls no model (grounded lexical/template) or samples at temperature 0 answers the
same way again; the record then shows the fault is systematic, not luck.
"""
from __future__ import annotations

from dataclasses import dataclass, replace
from pathlib import Path

from eligibench.evaluation.run.seeds import trial_seed
from eligibench.evaluation.scoring import faulty_dialogs, run_affected
from eligibench.models import make_model
from eligibench.results import ResultStore


@dataclass(frozen=True)
class Rerun:
    dataset: str
    row_id: str
    trial: int
    attempt: int
    seed: int
    termination: str
    faults: int
    correct: int
    pairs: int


def rerun_seed(seed: int, trial: int, attempt: int) -> int:
    return trial_seed(seed, trial, f"simulator-rerun-{attempt}")


def rerun_simulator_faults(session, run_id: str, attempts: int) -> list[Rerun]:
    """Re-run the run's faulty dialogs (a `Session` of the same resolved run) up to `attempts` times each."""
    r = session.resolved
    store = ResultStore(Path(session.project) / r.config.store)
    rows = {(d, row.id): row for d, rs in r.rows.items() for row in rs}
    todo = [k for k in faulty_dialogs(store, run_id) if (k[0], k[1]) in rows]
    out: list[Rerun] = []
    for attempt in range(1, attempts + 1):
        left = []
        for dataset, row_id, trial in todo:
            row = rows[dataset, row_id]
            seed = rerun_seed(r.config.seed, trial, attempt)
            res = _one(session, row, trial, seed)
            facts = {(dataset, row_id, trial): [(i, k, v, True) for i, k, v in res.turn_facts]}
            notes = {(dataset, row_id, trial): dict(res.answer_methods)}  # persona allowances (issue 32)
            affected = run_affected({dataset: [row]}, [res], r.simulator.mode.grounded, facts, notes)
            faults = sum(p.wrong for p in affected)
            correct = sum(res.predicted(o) == label for o, label in res.labels.items())
            rec = Rerun(dataset, row_id, trial, attempt, seed, res.termination, faults, correct, len(res.labels))
            store.record_simulator_rerun(run_id, (dataset, row_id, trial), attempt, seed, res.termination, faults,
                                         correct, len(res.labels))
            out.append(rec)
            if faults:
                left.append((dataset, row_id, trial))
        todo = left
        if not todo:
            break
    return out


def _one(session, row, trial: int, seed: int):
    r = session.resolved
    agent = session.make_agent(trial)
    try:
        sim = session.kit.simulator
        if sim is None:  # a stand-in or no model: the same user model as the run
            return r.dialog(agent, r.user(session.user_models.get(trial), row), row, trial)
        with make_model(replace(sim, seed=seed)) as model:
            return r.dialog(agent, r.user(model, row), row, trial)
    finally:
        agent.close()
