"""Every figure of a run from its dialogs, in one place: the runner scores a finished run with it,
and a regrade rescores a stored one with it (evaluation/regrade), so the two cannot drift apart.

Under a persona, the pairs its user cannot reveal are never scored against the agent (issue 32);
then the process metrics, the outcome scores, the pairs a faulty simulator answer touched with the
agent-attributable scores (issue 31), and a persona run's figures (issue 32), writing the process,
fault and persona tables as it goes; under a protocol with a patience, the priorities track's
figures (evaluation/scoring/priorities.py). A dataset with no scored dialog has no score.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Mapping, Sequence

from eligibench.evaluation.scoring.priorities import record_priorities
from eligibench.evaluation.scoring.process import record_run_process
from eligibench.evaluation.scoring.realism import record_persona, scorable
from eligibench.evaluation.scoring.simulator_faults import record_simulator_faults
from eligibench.evaluation.scoring.summary import summarize
from eligibench.results import DialogResult


@dataclass(frozen=True)
class RunFigures:
    results: list[DialogResult]  # the dialogs as scored (a persona's unrevealable pairs marked)
    scores: list[tuple]  # the outcome rows (`summarize`): what a grading records
    rows: list[tuple]  # every metric row: scores, process, faults, persona

    @property
    def scored(self) -> bool:
        return bool(self.scores)


def score_run(store: Any, run_id: str, rows: Mapping[str, Sequence[Any]], results: Sequence[DialogResult],
              mode: Any, n_boot: int, seed: int, trials: int | None) -> RunFigures:
    """`mode` is the run's `SimulatorMode`; `rows` its households per dataset (labels, needed facts)."""
    scored_results = scorable(rows, results, mode.persona, mode.persona_seed)
    by_dataset: dict[str, list[DialogResult]] = {d: [] for d in rows}
    for r in scored_results:
        by_dataset.setdefault(r.dataset, []).append(r)
    scored = {d: rs for d, rs in by_dataset.items() if any(r.scored for r in rs)}
    process = record_run_process(store, run_id, rows, scored_results, mode.grounded)
    if not scored:
        return RunFigures(scored_results, [], process)
    scores = summarize(scored, n_boot=n_boot, seed=seed, trials=trials).to_rows()
    faults = record_simulator_faults(store, run_id, rows, scored_results, mode.grounded, n_boot, seed, trials)
    persona = (record_persona(store, run_id, rows, scored_results, mode.persona, mode.persona_seed, n_boot, seed,
                              trials) if mode.grounded else [])
    # the priorities track: a protocol that names a patience (the household leaves when it is spent)
    patience = getattr(mode, "patience", None)
    priorities = record_priorities(store, run_id, rows, scored_results, patience, n_boot, seed) if patience else []
    return RunFigures(scored_results, scores, scores + process + faults + persona + priorities)
