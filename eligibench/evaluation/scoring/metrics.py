"""Scores for finished dialogs: micro metrics over user-opportunity pairs, turns, cost and
trials; their household-bootstrap confidence intervals are in `bootstrap`, the run summary that
combines them all in `summary`. These conventions hold for all three modules.

Everything here is a pure function of `DialogResult`s (`results.records`).

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

from collections import defaultdict
from dataclasses import dataclass
from typing import Iterable, Mapping, Sequence

import numpy as np

from eligibench.results import AGENT_ERROR, INFRA_ERROR, TERMINATIONS, DialogResult

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


def metric_arrays(tp, fp, fn, tn, questions, dialogs) -> dict[str, np.ndarray]:
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
    m = metric_arrays(c.tp, c.fp, c.fn, c.tn, c.questions, c.dialogs)
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


def sample_sd(values: Sequence[float]) -> float | None:
    """Sample standard deviation (ddof 1); None with fewer than two values."""
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
        f1=f1, turns=turns, f1_sd=sample_sd(list(f1.values())), turns_sd=sample_sd(list(turns.values())),
        pass_all=100.0 * passed / total if total else None,
        same_all=(100.0 * same / total if total else None) if len(ks) >= 2 else None,
    )


def trial_rows(figures: TrialFigures) -> list[tuple[str, float | None]]:
    """(metric name, value) rows for the per-trial figures, in `Summary.to_rows` order."""
    rows: list[tuple[str, float | None]] = []
    for k, v in figures.f1.items():
        rows.append((f"f1_trial_{k}", v))
    for k, v in figures.turns.items():
        rows.append((f"turns_trial_{k}", v))
    rows += [("f1_sd", figures.f1_sd), ("turns_sd", figures.turns_sd),
             ("pass_all_trials", figures.pass_all), ("same_all_trials", figures.same_all)]
    return rows


__all__ = [
    "AVERAGE",
    "CI_NAMES",
    "COST_NAMES",
    "COUNT_NAMES",
    "Cost",
    "Counts",
    "DatasetScore",
    "Interval",
    "SCORE_NAMES",
    "SPLIT_COST_NAMES",
    "TrialFigures",
    "cost",
    "count",
    "metric_arrays",
    "sample_sd",
    "score",
    "score_counts",
    "termination_mix",
    "trial_consistency",
    "trial_figures",
    "trial_rows",
    "turn_weighted_f1",
]
