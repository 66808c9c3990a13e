"""Scores for finished dialogs: micro metrics over user-opportunity pairs, turns, cost, and
household-bootstrap confidence intervals.

Everything here is a pure function of `DialogResult`s (see `types.py`).

Conventions (all documented choices, tested in tests/test_metrics.py):

* Only SCORED dialogs (termination in `SCORED_TERMINATIONS`) count. `infrastructure_error`
  dialogs are left out of every metric, cost figure and denominator and are only counted
  (`excluded_infra`). `agent_error` and `user_error` dialogs are scored like any other.
* The pairs of a dialog are the opportunities in its `labels`. Predictions for opportunities
  that are not labelled are ignored.
* A missing prediction (`predictions is None`, or the opportunity absent from `predictions`,
  or mapped to None) counts as WRONG: for a positive label it is a false negative, for a
  negative label a false positive. So it lowers accuracy either way, lowers recall on
  eligible pairs and precision on ineligible ones.
* Percentages are 0-100 floats: accuracy, precision, recall, F1, cached share, trial
  consistency. Undefined ratios are 0: precision = 0 with no predicted positives, recall = 0
  with no positive labels, F1 = 0 when precision + recall = 0, accuracy = 0 with no pairs,
  turns = 0 and per-dialog costs = 0 with no scored dialogs. The exception is `cached_share`,
  which is None when the simulated user reported no prompt tokens at all (nothing to share).
* `turns` is the mean number of questions (`len(result.turns)`) per scored dialog.
* Agent and simulator cost are separate (`agent_calls`, `agent_tokens`, `simulator_calls`,
  `simulator_tokens`, per scored dialog; tokens = prompt + completion); `wall_s` is wall time
  per scored dialog. `term_<termination>` is the percent of ALL dialogs (infrastructure errors
  included) that ended that way.
* Trials are replicates (`trial_figures`): F1 and turns per trial (`f1_trial_<k>`,
  `turns_trial_<k>`), their sample standard deviations over trials (`f1_sd`, `turns_sd`, None
  with one trial), `pass_all_trials` (tau-bench's pass^k: percent of pairs predicted correctly
  in every trial) and `same_all_trials` (percent of pairs predicted the same way in every
  trial; None with one trial). Both count only households with a scored dialog in every trial.
  `households` is the number of households behind the dataset's bootstrap intervals.
* Bootstrap intervals are percentile intervals over resampled HOUSEHOLDS: the unit is
  (dataset, row_id), so every trial and every pair of a household is drawn together; each
  dataset is resampled separately (stratified), so a replicate keeps each dataset's number of
  households. Draws depend only on (seed, dataset name, the sorted household ids), so they are
  deterministic and the same whether a dataset is bootstrapped alone or inside `summarize`.
"""
from __future__ import annotations

import zlib
from collections import defaultdict
from dataclasses import dataclass, field, replace
from typing import Callable, Iterable, Mapping, Sequence

import numpy as np

from eligibench.results.records import AGENT_ERROR, INFRA_ERROR, TERMINATIONS, DialogResult

AVERAGE = "average"  # the dataset name used by `Summary.to_rows` for cross-dataset figures

# Row names, in the order `Summary.to_rows` emits them.
SCORE_NAMES = ("accuracy", "precision", "recall", "f1", "turns")
COUNT_NAMES = ("dialogs", "pairs", "excluded_infra", "agent_errors")
COST_NAMES = (
    "llm_calls_per_dialog",
    "prompt_tokens_per_dialog",
    "completion_tokens_per_dialog",
    "cached_share",
    "wall_s_per_dialog",
)
CI_NAMES = ("accuracy", "f1", "turns")  # per-dataset figures that get bootstrap intervals

Interval = tuple[float, float]


# ---------------------------------------------------------------------------------------------
# Point metrics


@dataclass(frozen=True)
class Counts:
    """Confusion counts over pairs, plus questions and dialogs, of some scored dialogs."""

    tp: int = 0
    fp: int = 0
    fn: int = 0
    tn: int = 0
    questions: int = 0  # sum of questions over scored dialogs
    dialogs: int = 0  # scored dialogs
    excluded_infra: int = 0
    agent_errors: int = 0

    @property
    def pairs(self) -> int:
        return self.tp + self.fp + self.fn + self.tn


def _pair_outcome(prediction: bool | None, label: bool) -> str:
    """'tp' / 'fp' / 'fn' / 'tn'; a missing prediction is wrong (fn if eligible, else fp)."""
    if prediction is None:
        return "fn" if label else "fp"
    if label:
        return "tp" if prediction else "fn"
    return "fp" if prediction else "tn"


def count(results: Iterable[DialogResult]) -> Counts:
    c = dict(tp=0, fp=0, fn=0, tn=0, questions=0, dialogs=0, excluded_infra=0, agent_errors=0)
    for r in results:
        if r.termination == INFRA_ERROR:
            c["excluded_infra"] += 1
        if not r.scored:
            continue
        c["dialogs"] += 1
        c["questions"] += len(r.turns)
        if r.termination == AGENT_ERROR:
            c["agent_errors"] += 1
        for opportunity, label in r.labels.items():
            prediction = r.predicted(opportunity)
            if prediction is not None:
                prediction = bool(prediction)
            c[_pair_outcome(prediction, bool(label))] += 1
    return Counts(**c)


def _ratio(num, den):
    """num / den elementwise, 0 where den == 0 (works on scalars and numpy arrays)."""
    num = np.asarray(num, dtype=float)
    den = np.asarray(den, dtype=float)
    out = np.zeros(np.broadcast(num, den).shape)
    np.divide(num, den, out=out, where=den != 0)
    return out


def _metrics(tp, fp, fn, tn, questions, dialogs) -> dict[str, np.ndarray]:
    """Accuracy, precision, recall, F1 (percent) and mean turns; 0 where undefined."""
    tp, fp, fn, tn = (np.asarray(x, dtype=float) for x in (tp, fp, fn, tn))
    precision = _ratio(tp, tp + fp)
    recall = _ratio(tp, tp + fn)
    return {
        "accuracy": 100.0 * _ratio(tp + tn, tp + fp + fn + tn),
        "precision": 100.0 * precision,
        "recall": 100.0 * recall,
        "f1": 100.0 * _ratio(2 * precision * recall, precision + recall),
        "turns": _ratio(questions, dialogs),
    }


@dataclass(frozen=True)
class DatasetScore:
    accuracy: float  # percent of pairs predicted correctly
    precision: float  # percent; 0 with no predicted positives
    recall: float  # percent; 0 with no positive labels
    f1: float  # micro F1 over pairs, percent; 0 when precision + recall = 0
    turns: float  # mean questions per scored dialog
    dialogs: int  # scored dialogs
    pairs: int  # user-opportunity pairs of scored dialogs
    excluded_infra: int  # infrastructure_error dialogs (left out of everything else)
    agent_errors: int  # agent_error dialogs (scored, their missing predictions wrong)


def score_counts(c: Counts) -> DatasetScore:
    m = _metrics(c.tp, c.fp, c.fn, c.tn, c.questions, c.dialogs)
    return DatasetScore(
        accuracy=float(m["accuracy"]),
        precision=float(m["precision"]),
        recall=float(m["recall"]),
        f1=float(m["f1"]),
        turns=float(m["turns"]),
        dialogs=c.dialogs,
        pairs=c.pairs,
        excluded_infra=c.excluded_infra,
        agent_errors=c.agent_errors,
    )


def score(results: Iterable[DialogResult]) -> DatasetScore:
    """Micro metrics over the user-opportunity pairs of the scored dialogs in `results`."""
    return score_counts(count(results))


def turn_weighted_f1(f1: float, turns: float) -> float:
    """v1's turn-weighted F1: F1 (percent) / (turns/100 + 1). 56.2 F1 at 20.4 turns -> 46.7."""
    return f1 / (turns / 100.0 + 1.0)


# ---------------------------------------------------------------------------------------------
# Cost


@dataclass(frozen=True)
class Cost:
    """Cost per scored dialog (infrastructure_error dialogs are left out, like everywhere)."""

    dialogs: int
    llm_calls_per_dialog: float  # agent + simulated-user calls
    prompt_tokens_per_dialog: float  # agent + simulated user
    completion_tokens_per_dialog: float  # agent + simulated user
    cached_share: float | None  # percent of the simulated user's prompt tokens served from cache
    wall_s_per_dialog: float
    agent_calls: float = 0.0  # per scored dialog
    agent_tokens: float = 0.0  # prompt + completion, per scored dialog
    simulator_calls: float = 0.0
    simulator_tokens: float = 0.0


SPLIT_COST_NAMES = ("agent_calls", "agent_tokens", "simulator_calls", "simulator_tokens")


def cost(results: Iterable[DialogResult]) -> Cost:
    scored = [r for r in results if r.scored]
    n = len(scored)
    calls = sum(r.agent_calls + r.user_calls for r in scored)
    prompt = sum(r.agent_prompt_tokens + r.user_prompt_tokens for r in scored)
    completion = sum(r.agent_completion_tokens + r.user_completion_tokens for r in scored)
    user_prompt = sum(r.user_prompt_tokens for r in scored)
    user_cached = sum(r.user_cached_tokens for r in scored)
    wall = sum(r.wall_s for r in scored)
    per = (lambda x: x / n) if n else (lambda x: 0.0)
    return Cost(
        dialogs=n,
        llm_calls_per_dialog=per(calls),
        prompt_tokens_per_dialog=per(prompt),
        completion_tokens_per_dialog=per(completion),
        cached_share=100.0 * user_cached / user_prompt if user_prompt else None,
        wall_s_per_dialog=per(wall),
        agent_calls=per(sum(r.agent_calls for r in scored)),
        agent_tokens=per(sum(r.agent_prompt_tokens + r.agent_completion_tokens for r in scored)),
        simulator_calls=per(sum(r.user_calls for r in scored)),
        simulator_tokens=per(sum(r.user_prompt_tokens + r.user_completion_tokens for r in scored)),
    )


def termination_mix(results: Iterable[DialogResult]) -> dict[str, float]:
    """Percent of all dialogs (infrastructure errors included) per termination; 0 with none."""
    results = list(results)
    n = len(results)
    return {t: (100.0 * sum(r.termination == t for r in results) / n if n else 0.0) for t in TERMINATIONS}


# ---------------------------------------------------------------------------------------------
# Trial consistency


def trial_consistency(results: Iterable[DialogResult]) -> float | None:
    """Percent of (household, opportunity) pairs whose prediction is identical in every trial.

    Only scored dialogs count. A household counts when it has at least two scored trials; its
    pairs are the opportunities labelled in any of them. A missing prediction is a value of its
    own (None): two trials that both gave none agree. None when the results have fewer than two
    distinct trials, or no household has two scored trials.
    """
    results = list(results)
    if len({r.trial for r in results}) < 2:
        return None
    by_household: dict[tuple[str, str], dict[int, DialogResult]] = defaultdict(dict)
    for r in results:
        if r.scored:
            by_household[(r.dataset, r.row_id)][r.trial] = r
    same = total = 0
    for trials in by_household.values():
        if len(trials) < 2:
            continue
        opportunities = set().union(*(r.labels for r in trials.values()))
        for opportunity in opportunities:
            predictions = {r.predicted(opportunity) for r in trials.values()}
            total += 1
            same += len(predictions) == 1
    return 100.0 * same / total if total else None


def _sd(values: Sequence[float]) -> float | None:
    return float(np.std(values, ddof=1)) if len(values) >= 2 else None


@dataclass(frozen=True)
class TrialFigures:
    f1: Mapping[int, float]  # trial -> micro F1 of that trial's scored dialogs
    turns: Mapping[int, float]  # trial -> mean questions
    f1_sd: float | None  # sample sd over trials; None with one trial
    turns_sd: float | None
    pass_all: float | None  # percent of pairs correct in every trial; None with no such pair
    same_all: float | None  # percent of pairs predicted the same in every trial; None with < 2 trials


def trial_figures(results: Iterable[DialogResult], trials: int | None = None) -> TrialFigures:
    """Per-trial F1 and turns, their spread, pass^k and same-prediction share.

    `trials` is the run's number of trials (default: the trials present). pass^k and the
    same-prediction share use households with a scored dialog in EVERY trial 0..trials-1, and
    their labelled pairs (a missing prediction is wrong, and a value of its own for sameness).
    """
    results = list(results)
    present = sorted({r.trial for r in results})
    ks = list(range(trials)) if trials else present
    f1 = {k: score([r for r in results if r.trial == k]).f1 for k in ks}
    turns = {k: score([r for r in results if r.trial == k]).turns for k in ks}
    by_household: dict[tuple[str, str], dict[int, DialogResult]] = defaultdict(dict)
    for r in results:
        if r.scored:
            by_household[(r.dataset, r.row_id)][r.trial] = r
    passed = same = total = 0
    for got in by_household.values():
        if not ks or any(k not in got for k in ks):
            continue
        labels = got[ks[0]].labels
        for opportunity, label in labels.items():
            predictions = [got[k].predicted(opportunity) for k in ks]
            total += 1
            passed += all(p is not None and bool(p) == bool(label) for p in predictions)
            same += len({None if p is None else bool(p) for p in predictions}) == 1
    return TrialFigures(
        f1=f1, turns=turns, f1_sd=_sd(list(f1.values())), turns_sd=_sd(list(turns.values())),
        pass_all=100.0 * passed / total if total else None,
        same_all=(100.0 * same / total if total else None) if len(ks) >= 2 else None,
    )


def _trial_rows(figures: TrialFigures) -> list[tuple[str, float | None]]:
    rows: list[tuple[str, float | None]] = []
    for k, v in figures.f1.items():
        rows.append((f"f1_trial_{k}", v))
    for k, v in figures.turns.items():
        rows.append((f"turns_trial_{k}", v))
    rows += [("f1_sd", figures.f1_sd), ("turns_sd", figures.turns_sd),
             ("pass_all_trials", figures.pass_all), ("same_all_trials", figures.same_all)]
    return rows


# ---------------------------------------------------------------------------------------------
# Household bootstrap


def _households(results: Sequence[DialogResult]) -> dict[str, list[list[DialogResult]]]:
    """dataset -> households (sorted by row_id), each the list of its dialogs."""
    grouped: dict[str, dict[str, list[DialogResult]]] = defaultdict(lambda: defaultdict(list))
    for r in results:
        grouped[r.dataset][r.row_id].append(r)
    return {d: [rows[k] for k in sorted(rows)] for d, rows in sorted(grouped.items())}


def _draws(dataset: str, n_households: int, n: int, seed: int) -> np.ndarray:
    """(n, n_households) household indices; depends only on seed, dataset name and size."""
    rng = np.random.default_rng([seed, zlib.crc32(dataset.encode("utf-8"))])
    return rng.integers(0, n_households, size=(n, n_households))


def _percentile_interval(values: Sequence[float] | np.ndarray, level: float) -> Interval:
    alpha = (1.0 - level) / 2.0
    low, high = np.percentile(np.asarray(values, dtype=float), [100 * alpha, 100 * (1 - alpha)])
    return float(low), float(high)


def bootstrap(
    results: Sequence[DialogResult],
    stat: Callable[[list[DialogResult]], float],
    n: int = 1000,
    seed: int = 0,
    level: float = 0.95,
) -> Interval:
    """Percentile interval of `stat` over `n` household resamples of `results`.

    Households are (dataset, row_id); all their dialogs (every trial, every pair) move
    together, and each dataset is resampled on its own. With no households the interval is
    the point estimate on both sides.
    """
    if not 0 < level < 1:
        raise ValueError(f"level must be in (0, 1), got {level}")
    results = list(results)
    households = _households(results)
    if not households or n <= 0:
        point = float(stat(results))
        return point, point
    draws = {d: _draws(d, len(hs), n, seed) for d, hs in households.items()}
    values = []
    for b in range(n):
        sample: list[DialogResult] = []
        for d, hs in households.items():
            for i in draws[d][b]:
                sample.extend(hs[i])
        values.append(float(stat(sample)))
    return _percentile_interval(values, level)


def _household_count_matrix(households: list[list[DialogResult]]) -> np.ndarray:
    """(n_households, 6): tp, fp, fn, tn, questions, dialogs per household."""
    rows = []
    for dialogs in households:
        c = count(dialogs)
        rows.append((c.tp, c.fp, c.fn, c.tn, c.questions, c.dialogs))
    return np.asarray(rows, dtype=float).reshape(len(households), 6)


def _bootstrap_metrics(results: Sequence[DialogResult], n: int, seed: int) -> dict[str, np.ndarray]:
    """Replicates (length n) of accuracy/precision/recall/f1/turns for one dataset's results.

    Same draws as `bootstrap` with the same seed, but vectorised over per-household counts.
    """
    households = _households(results)
    totals = np.zeros((n, 6))
    for d, hs in households.items():
        matrix = _household_count_matrix(hs)
        totals += matrix[_draws(d, len(hs), n, seed)].sum(axis=1)
    return _metrics(*totals.T)


# ---------------------------------------------------------------------------------------------
# Summary


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
                for name, value in _trial_rows(s.trials):
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
            for name, value in _trial_rows(self.trials):
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
            reps = _bootstrap_metrics(_as_dataset(results, name), n_boot, seed)
            ci = {k: _percentile_interval(reps[k], level) for k in CI_NAMES}
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
        k: _percentile_interval(rep_avg[k], level)
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
        f1=avg_f1, turns=avg_turns, f1_sd=_sd(list(avg_f1.values())), turns_sd=_sd(list(avg_turns.values())),
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
    "AVERAGE",
    "Cost",
    "Counts",
    "DatasetScore",
    "DatasetSummary",
    "Interval",
    "Summary",
    "bootstrap",
    "cost",
    "count",
    "score",
    "score_counts",
    "summarize",
    "termination_mix",
    "trial_consistency",
    "trial_figures",
    "turn_weighted_f1",
]
