"""A run's summary: every figure per dataset and averaged over datasets (`summarize`), written
as rows of the `metrics` table (`Summary.to_rows`). The conventions are in `metrics`."""
from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Iterable, Mapping, Sequence

import numpy as np

from eligibench.evaluation.scoring.bootstrap import (
    bootstrap_metrics,
    percentile_interval,
)
from eligibench.evaluation.scoring.metrics import (
    AVERAGE,
    CI_NAMES,
    COST_NAMES,
    COUNT_NAMES,
    SCORE_NAMES,
    SPLIT_COST_NAMES,
    Cost,
    DatasetScore,
    Interval,
    TrialFigures,
    cost,
    sample_sd,
    score,
    termination_mix,
    trial_consistency,
    trial_figures,
    trial_rows,
    turn_weighted_f1,
)
from eligibench.results import DialogResult


@dataclass(frozen=True)
class DatasetSummary:
    score: DatasetScore
    cost: Cost
    ci: Mapping[str, Interval]  # accuracy, f1, turns
    consistency: float | None  # trial_consistency, percent; None with one trial
    trials: TrialFigures | None = None
    terminations: Mapping[str, float] = field(default_factory=dict)  # termination -> percent of dialogs
    households: int = 0  # households with a scored dialog (the bootstrap's units)


@dataclass(frozen=True)
class Summary:
    datasets: Mapping[str, DatasetSummary]
    average_accuracy: float
    average_precision: float
    average_recall: float
    average_f1: float  # mean of the datasets' F1
    average_turns: float  # mean of the datasets' turns
    turn_weighted_f1: float  # turn_weighted_f1(average_f1, average_turns)
    ci: Mapping[str, Interval]  # accuracy, f1, turns, turn_weighted_f1 (joint bootstrap)
    n_boot: int = 1000
    seed: int = 0
    level: float = 0.95
    average_cost: Cost | None = field(default=None)  # means over datasets of per-dialog costs
    # Averages over datasets of the per-trial figures (sd over the averaged trials); pass^k and
    # sameness as means of the datasets'.
    trials: TrialFigures | None = None
    terminations: Mapping[str, float] = field(default_factory=dict)  # over all dialogs pooled

    def to_rows(self) -> list[tuple[str, str, float | None, float | None, float | None]]:
        """(dataset, name, value, ci_low, ci_high) rows; dataset 'average' for the averages.

        Per dataset: accuracy, precision, recall, f1, turns, dialogs, pairs, excluded_infra,
        agent_errors, the cost figures, and trial_consistency when there are >= 2 trials.
        For 'average': accuracy, precision, recall, f1, turns (means over datasets),
        turn_weighted_f1, the counts as TOTALS over datasets, and the cost figures as means
        over datasets. Figures without an interval have ci_low = ci_high = None.
        """
        rows: list[tuple[str, str, float | None, float | None, float | None]] = []

        def add(dataset: str, name: str, value, ci: Mapping[str, Interval]):
            low, high = ci.get(name, (None, None))
            rows.append((dataset, name, None if value is None else float(value), low, high))

        for dataset, s in self.datasets.items():
            for name in SCORE_NAMES + COUNT_NAMES:
                add(dataset, name, getattr(s.score, name), s.ci)
            for name in COST_NAMES:
                add(dataset, name, getattr(s.cost, name), {})
            if s.consistency is not None:
                add(dataset, "trial_consistency", s.consistency, {})
            add(dataset, "turn_weighted_f1", turn_weighted_f1(s.score.f1, s.score.turns), {})
            for name in SPLIT_COST_NAMES:
                add(dataset, name, getattr(s.cost, name), {})
            add(dataset, "wall_s", s.cost.wall_s_per_dialog, {})
            for t, share in s.terminations.items():
                add(dataset, f"term_{t}", share, {})
            if s.trials is not None:
                for name, value in trial_rows(s.trials):
                    add(dataset, name, value, {})
            add(dataset, "households", s.households, {})

        averages = {
            "accuracy": self.average_accuracy,
            "precision": self.average_precision,
            "recall": self.average_recall,
            "f1": self.average_f1,
            "turns": self.average_turns,
            "turn_weighted_f1": self.turn_weighted_f1,
        }
        for name, value in averages.items():
            add(AVERAGE, name, value, self.ci)
        for name in COUNT_NAMES:
            add(AVERAGE, name, sum(getattr(s.score, name) for s in self.datasets.values()), {})
        if self.average_cost is not None:
            for name in COST_NAMES + SPLIT_COST_NAMES:
                add(AVERAGE, name, getattr(self.average_cost, name), {})
            add(AVERAGE, "wall_s", self.average_cost.wall_s_per_dialog, {})
        for t, share in self.terminations.items():
            add(AVERAGE, f"term_{t}", share, {})
        if self.trials is not None:
            for name, value in trial_rows(self.trials):
                add(AVERAGE, name, value, {})
        add(AVERAGE, "households", sum(s.households for s in self.datasets.values()), {})
        return rows


def _mean(values: Iterable[float | None]) -> float | None:
    values = [v for v in values if v is not None]
    return sum(values) / len(values) if values else None


def summarize(
    results_by_dataset: Mapping[str, Sequence[DialogResult]],
    n_boot: int = 1000,
    seed: int = 0,
    level: float = 0.95,
    trials: int | None = None,
) -> Summary:
    """Per-dataset scores with household-bootstrap intervals, and the cross-dataset averages.

    Averages are unweighted means over datasets (as in v1). Their intervals come from a joint
    bootstrap: each replicate resamples households within every dataset (the same draws as
    `bootstrap(results, stat, n_boot, seed)` per dataset), recomputes every dataset's metrics,
    then the averages and the turn-weighted F1 from them.
    """
    if not results_by_dataset:
        raise ValueError("summarize needs at least one dataset")
    datasets: dict[str, DatasetSummary] = {}
    replicates: dict[str, dict[str, np.ndarray]] = {}
    for name, results in results_by_dataset.items():
        results = list(results)
        s = score(results)
        if n_boot > 0:
            # Resample under the mapping's key (one stratum per dataset of the mapping).
            reps = bootstrap_metrics(_as_dataset(results, name), n_boot, seed)
            ci = {k: percentile_interval(reps[k], level) for k in CI_NAMES}
        else:
            reps = {k: np.full(1, getattr(s, k)) for k in SCORE_NAMES}
            ci = {k: (getattr(s, k), getattr(s, k)) for k in CI_NAMES}
        replicates[name] = reps
        datasets[name] = DatasetSummary(
            score=s, cost=cost(results), ci=ci, consistency=trial_consistency(results),
            trials=trial_figures(results, trials), terminations=termination_mix(results),
            households=len({r.row_id for r in results if r.scored}),
        )

    scores = [d.score for d in datasets.values()]
    avg = {k: sum(getattr(s, k) for s in scores) / len(scores) for k in SCORE_NAMES}
    rep_avg = {k: np.mean([replicates[d][k] for d in datasets], axis=0) for k in SCORE_NAMES}
    rep_avg["turn_weighted_f1"] = turn_weighted_f1(rep_avg["f1"], rep_avg["turns"])
    ci = {
        k: percentile_interval(rep_avg[k], level)
        for k in ("accuracy", "f1", "turns", "turn_weighted_f1")
    }
    costs = [d.cost for d in datasets.values()]
    average_cost = Cost(
        dialogs=sum(c.dialogs for c in costs),
        llm_calls_per_dialog=_mean(c.llm_calls_per_dialog for c in costs),
        prompt_tokens_per_dialog=_mean(c.prompt_tokens_per_dialog for c in costs),
        completion_tokens_per_dialog=_mean(c.completion_tokens_per_dialog for c in costs),
        cached_share=_mean(c.cached_share for c in costs),
        wall_s_per_dialog=_mean(c.wall_s_per_dialog for c in costs),
        **{k: _mean(getattr(c, k) for c in costs) for k in SPLIT_COST_NAMES},
    )
    per_trial = [d.trials for d in datasets.values() if d.trials is not None]
    ks = sorted(set().union(*(t.f1 for t in per_trial))) if per_trial else []
    avg_f1 = {k: _mean(t.f1.get(k) for t in per_trial) for k in ks}
    avg_turns = {k: _mean(t.turns.get(k) for t in per_trial) for k in ks}
    average_trials = TrialFigures(
        f1=avg_f1, turns=avg_turns, f1_sd=sample_sd(list(avg_f1.values())), turns_sd=sample_sd(list(avg_turns.values())),
        pass_all=_mean(t.pass_all for t in per_trial), same_all=_mean(t.same_all for t in per_trial),
    )
    return Summary(
        datasets=datasets,
        average_accuracy=avg["accuracy"],
        average_precision=avg["precision"],
        average_recall=avg["recall"],
        average_f1=avg["f1"],
        average_turns=avg["turns"],
        turn_weighted_f1=turn_weighted_f1(avg["f1"], avg["turns"]),
        ci=ci,
        n_boot=n_boot,
        seed=seed,
        level=level,
        average_cost=average_cost,
        trials=average_trials,
        terminations=termination_mix(r for rs in results_by_dataset.values() for r in rs),
    )


def _as_dataset(results: list[DialogResult], name: str) -> list[DialogResult]:
    """The results as one stratum named `name` (row fields other than dataset untouched)."""
    if all(r.dataset == name for r in results):
        return results
    return [replace(r, dataset=name) for r in results]


__all__ = [
    "DatasetSummary",
    "Summary",
    "summarize",
]
