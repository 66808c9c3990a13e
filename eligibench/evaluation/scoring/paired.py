"""Paired comparison of two runs on the same protocol: is agent A better than agent B on the
same households, or is the gap noise?

* Paired bootstrap over households: only households with a scored dialog in BOTH runs count
  (the pairing); each replicate draws households (per dataset, the same draws as
  `metrics.bootstrap`) and applies the SAME draw to both runs, so household difficulty cancels.
  Figures are the run-level ones: F1 and turns averaged over datasets (as `summarize`), TW-F1
  from those. The interval is the percentile interval of the replicates' A - B.
* McNemar's test on pair correctness: a pair is (dataset, household, trial, opportunity) present
  in both runs; only discordant pairs count (A right and B wrong, or the reverse). Exact
  two-sided binomial p (no continuity approximation): with no discordant pair p = 1. It treats
  pairs as independent, which pairs of one household are not; the household bootstrap is the
  interval to trust, McNemar the familiar headline p.
* Each figure has its own paired test (TW-F1, F1 and turns used to share McNemar's p): a
  sign-flip permutation test over households. Under "no difference" A's and B's dialogs of a
  household are exchangeable, so each permutation swaps them in a random half of the households
  (the same households for every dataset's figures) and recomputes the run-level difference; p is
  the share of permutations at least as far from 0 as the observed one (with the observed counted,
  so p > 0). Up to `EXACT_UP_TO` households every swap pattern is enumerated (an exact p); beyond,
  `n_perm` random ones. With h households the smallest p is 2 / 2^h: under 6 households no
  difference can reach p < 0.05, and the verdict says the comparison cannot tell.
* `tied_with_top`: runs whose interval overlaps the top run's (the board's "tied" mark).
"""
from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass
from math import comb
from typing import Mapping, Sequence

import numpy as np

from eligibench.evaluation.scoring.bootstrap import household_count_matrix, household_draws, percentile_interval
from eligibench.evaluation.scoring.metrics import metric_arrays, score, turn_weighted_f1
from eligibench.results import DialogResult, metric

FIGURES = ("turn_weighted_f1", "f1", "turns")  # labels and directions: the metric catalogue (results.metric)
EXACT_UP_TO = 12  # households: every swap pattern (4,096) enumerated
ALPHA = 0.05


@dataclass(frozen=True)
class Difference:
    name: str  # turn_weighted_f1, f1, turns
    a: float
    b: float
    diff: float  # a - b on the paired households
    ci: tuple[float, float]  # percentile interval of the bootstrap replicates of a - b
    p: float = 1.0  # this figure's own two-sided paired permutation test (module docstring)


@dataclass(frozen=True)
class McNemar:
    a_only: int  # pairs A got right and B wrong
    b_only: int  # pairs B got right and A wrong
    pairs: int  # pairs in both runs
    p: float  # exact two-sided


@dataclass(frozen=True)
class Comparison:
    households: int  # paired households (scored in both runs)
    differences: Mapping[str, Difference]
    mcnemar: McNemar
    n_boot: int
    seed: int
    level: float

    def line(self, name: str = "turn_weighted_f1", a: str = "A", b: str = "B") -> str:
        """'A - B = +4.1 TW-F1 [1.2, 7.0], p = 0.01, n = 73 households: A is better'."""
        d = self.differences[name]
        return (f"{a} - {b} = {d.diff:+.1f} {metric(name).label} [{d.ci[0]:.1f}, {d.ci[1]:.1f}], "
                f"{format_p(d.p)}, n = {self.households} households: {self.words(name, a, b)}")

    def words(self, name: str, a: str = "A", b: str = "B") -> str:
        """Which run is better on this figure, in words, or why the test cannot say."""
        d = self.differences[name]
        if self.households < MIN_HOUSEHOLDS:
            return (f"too few households to tell ({self.households}; a paired test needs at least "
                    f"{MIN_HOUSEHOLDS} to reach p < {ALPHA:g})")
        if d.p >= ALPHA or d.diff == 0:
            return f"no clear difference in {metric(name).label} (p >= {ALPHA:g}: the gap may be noise)"
        better = a if (d.diff > 0) == metric(name).higher_is_better else b
        if name == "turns":
            return f"{better} asks fewer questions"
        return f"{better} is better on {metric(name).label}"


# the fewest paired households with which a two-sided paired permutation test can reach p < ALPHA
MIN_HOUSEHOLDS = next(h for h in range(1, 64) if 2 / 2 ** h < ALPHA)


def format_p(p: float) -> str:
    """'p = 0.01', 'p = 1', 'p < 0.001'."""
    if p < 0.001:
        return "p < 0.001"
    return "p = " + (f"{p:.3f}".rstrip("0").rstrip(".") if p < 1 else "1")


def mcnemar_p(a_only: int, b_only: int) -> float:
    """Exact two-sided McNemar p: 2 * P(X <= min) for X ~ Binomial(a_only + b_only, 1/2), at most 1."""
    n = a_only + b_only
    if n == 0:
        return 1.0
    k = min(a_only, b_only)
    tail = sum(comb(n, i) for i in range(k + 1))
    return min(1.0, 2 * tail / 2 ** n)


def _key(r: DialogResult) -> tuple[str, str]:
    return r.dataset, r.row_id


def _paired(a: Sequence[DialogResult], b: Sequence[DialogResult]) -> dict[str, list[tuple[list, list]]]:
    """dataset -> [(A's dialogs, B's dialogs)] per household scored in both, sorted by row id."""
    by: dict[str, dict[tuple, list[DialogResult]]] = {"a": defaultdict(list), "b": defaultdict(list)}
    for side, results in (("a", a), ("b", b)):
        for r in results:
            if r.scored:
                by[side][_key(r)].append(r)
    common = sorted(set(by["a"]) & set(by["b"]))
    out: dict[str, list[tuple[list, list]]] = defaultdict(list)
    for key in common:
        out[key[0]].append((by["a"][key], by["b"][key]))
    return dict(sorted(out.items()))


def _run_figures(per_dataset: list[dict[str, np.ndarray]]) -> dict[str, np.ndarray]:
    f1 = np.mean([m["f1"] for m in per_dataset], axis=0)
    turns = np.mean([m["turns"] for m in per_dataset], axis=0)
    return {"f1": f1, "turns": turns, "turn_weighted_f1": turn_weighted_f1(f1, turns)}


def _mcnemar(paired: Mapping[str, list[tuple[list, list]]]) -> McNemar:
    a_only = b_only = pairs = 0
    for households in paired.values():
        for da, db in households:
            b_trials = {r.trial: r for r in db}
            for ra in da:
                rb = b_trials.get(ra.trial)
                if rb is None:
                    continue
                for opportunity, label in ra.labels.items():
                    if opportunity not in rb.labels:
                        continue
                    pa, pb = ra.predicted(opportunity), rb.predicted(opportunity)
                    right_a = pa is not None and bool(pa) == bool(label)
                    right_b = pb is not None and bool(pb) == bool(label)
                    pairs += 1
                    a_only += right_a and not right_b
                    b_only += right_b and not right_a
    return McNemar(a_only, b_only, pairs, mcnemar_p(a_only, b_only))


def _swaps(n_households: int, n_perm: int, seed: int) -> np.ndarray:
    """(patterns, n_households) booleans, True = swap A and B there: every pattern up to
    EXACT_UP_TO households, else the identity and n_perm random ones."""
    if n_households <= EXACT_UP_TO:
        codes = np.arange(2 ** n_households)[:, None]
        return ((codes >> np.arange(n_households)[None, :]) & 1).astype(bool)
    rng = np.random.default_rng([seed, n_households, 7])
    random = rng.integers(0, 2, size=(n_perm, n_households)).astype(bool)
    return np.vstack([np.zeros((1, n_households), bool), random])


def _permutation_p(matrices: Mapping[str, tuple[np.ndarray, np.ndarray]], n_perm: int, seed: int) -> dict[str, float]:
    """Two-sided p per figure of the sign-flip permutation test (module docstring); `matrices` maps
    a dataset to (A's, B's) per-household count matrices, households aligned."""
    sizes = {d: m[0].shape[0] for d, m in matrices.items()}
    total = sum(sizes.values())
    if total == 0:
        return {name: 1.0 for name in FIGURES}
    swaps = _swaps(total, n_perm, seed)
    sides: dict[str, list[dict[str, np.ndarray]]] = {"a": [], "b": []}
    start = 0
    for dataset, (ma, mb) in matrices.items():
        s = swaps[:, start:start + sizes[dataset]].astype(float)
        start += sizes[dataset]
        moved = s @ (mb - ma)  # what swapping moves from B's total to A's
        sides["a"].append(metric_arrays(*(ma.sum(axis=0) + moved).T))
        sides["b"].append(metric_arrays(*(mb.sum(axis=0) - moved).T))
    fa, fb = _run_figures(sides["a"]), _run_figures(sides["b"])
    out = {}
    for name in FIGURES:
        diffs = fa[name] - fb[name]
        observed = abs(diffs[0])  # the first pattern swaps nothing
        out[name] = float(np.mean(np.abs(diffs) >= observed - 1e-9)) if observed > 1e-12 else 1.0
    return out


def compare_runs(a: Sequence[DialogResult], b: Sequence[DialogResult], n_boot: int = 1000,
                 seed: int = 0, level: float = 0.95) -> Comparison:
    """Paired differences A - B (TW-F1, F1, turns) with household-bootstrap intervals, and
    McNemar's test on pair correctness. The caller checks that both runs share a protocol."""
    if not 0 < level < 1:
        raise ValueError(f"level must be in (0, 1), got {level}")
    paired = _paired(a, b)
    n_households = sum(len(h) for h in paired.values())
    points = {side: [] for side in "ab"}
    reps = {side: [] for side in "ab"}
    matrices: dict[str, tuple[np.ndarray, np.ndarray]] = {}
    for dataset, households in paired.items():
        matrices[dataset] = (household_count_matrix([h[0] for h in households]),
                             household_count_matrix([h[1] for h in households]))
        for i, side in enumerate("ab"):
            dialogs = [h[i] for h in households]
            s = score([r for d in dialogs for r in d])
            points[side].append({k: np.asarray(getattr(s, k)) for k in ("f1", "turns")})
            if n_boot > 0:
                matrix = household_count_matrix(dialogs)
                reps[side].append(metric_arrays(*matrix[household_draws(dataset, len(dialogs), n_boot, seed)].sum(axis=1).T))
    ps = _permutation_p(matrices, max(n_boot, 999), seed)
    differences = {}
    for name in FIGURES:
        if not paired:
            differences[name] = Difference(name, 0.0, 0.0, 0.0, (0.0, 0.0))
            continue
        va = float(_run_figures(points["a"])[name])
        vb = float(_run_figures(points["b"])[name])
        if n_boot > 0:
            ci = percentile_interval(_run_figures(reps["a"])[name] - _run_figures(reps["b"])[name], level)
        else:
            ci = (va - vb, va - vb)
        differences[name] = Difference(name, va, vb, va - vb, ci, ps[name])
    return Comparison(n_households, differences, _mcnemar(paired), n_boot, seed, level)


def tied_with_top(intervals: Mapping[str, tuple[float, float, float]], higher_is_better: bool = True) -> set[str]:
    """Keys (run ids) whose interval overlaps the top run's, the top run included.

    `intervals` maps a run to (value, low, high); the top run has the best value.
    """
    if not intervals:
        return set()
    pick = max if higher_is_better else min
    top = pick(intervals, key=lambda k: intervals[k][0])
    _, top_low, top_high = intervals[top]
    return {k for k, (_, low, high) in intervals.items() if low <= top_high and high >= top_low}
