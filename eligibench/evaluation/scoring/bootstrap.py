"""Household-bootstrap intervals (the conventions are in `metrics`): households are
(dataset, row_id), resampled per dataset, with draws that depend only on (seed, dataset name,
the sorted household ids)."""
from __future__ import annotations

import zlib
from collections import defaultdict
from typing import Callable, Sequence

import numpy as np

from eligibench.evaluation.scoring.metrics import (
    Interval,
    count,
    metric_arrays,
)
from eligibench.results import DialogResult


def households_by_dataset(results: Sequence[DialogResult]) -> dict[str, list[list[DialogResult]]]:
    """dataset -> households (sorted by row_id), each the list of its dialogs."""
    grouped: dict[str, dict[str, list[DialogResult]]] = defaultdict(lambda: defaultdict(list))
    for r in results:
        grouped[r.dataset][r.row_id].append(r)
    return {d: [rows[k] for k in sorted(rows)] for d, rows in sorted(grouped.items())}


def household_draws(dataset: str, n_households: int, n: int, seed: int) -> np.ndarray:
    """(n, n_households) household indices; depends only on seed, dataset name and size."""
    rng = np.random.default_rng([seed, zlib.crc32(dataset.encode("utf-8"))])
    return rng.integers(0, n_households, size=(n, n_households))


def percentile_interval(values: Sequence[float] | np.ndarray, level: float) -> Interval:
    """The central `level` interval of `values` by percentiles."""
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
    households = households_by_dataset(results)
    if not households or n <= 0:
        point = float(stat(results))
        return point, point
    draws = {d: household_draws(d, len(hs), n, seed) for d, hs in households.items()}
    values = []
    for b in range(n):
        sample: list[DialogResult] = []
        for d, hs in households.items():
            for i in draws[d][b]:
                sample.extend(hs[i])
        values.append(float(stat(sample)))
    return percentile_interval(values, level)


def household_count_matrix(households: list[list[DialogResult]]) -> np.ndarray:
    """(n_households, 6): tp, fp, fn, tn, questions, dialogs per household."""
    rows = []
    for dialogs in households:
        c = count(dialogs)
        rows.append((c.tp, c.fp, c.fn, c.tn, c.questions, c.dialogs))
    return np.asarray(rows, dtype=float).reshape(len(households), 6)


def bootstrap_metrics(results: Sequence[DialogResult], n: int, seed: int) -> dict[str, np.ndarray]:
    """Replicates (length n) of accuracy/precision/recall/f1/turns for one dataset's results.

    Same draws as `bootstrap` with the same seed, but vectorised over per-household counts.
    """
    households = households_by_dataset(results)
    totals = np.zeros((n, 6))
    for d, hs in households.items():
        matrix = household_count_matrix(hs)
        totals += matrix[household_draws(d, len(hs), n, seed)].sum(axis=1)
    return metric_arrays(*totals.T)


__all__ = [
    "bootstrap",
    "bootstrap_metrics",
    "household_count_matrix",
    "household_draws",
    "households_by_dataset",
    "percentile_interval",
]
