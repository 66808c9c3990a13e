"""Rank ranges, tie groups and the detectable difference of one protocol's entries (issue 31).

Method (docs/evaluation.md "Rank ranges and the detectable difference"):
* Pairing: the households scored in EVERY entry (dataset, row id), so household difficulty cancels
  out of every comparison. Each bootstrap replicate draws those households with replacement, per
  dataset, with the same draws as `paired.compare_runs` (`bootstrap.household_draws`), and applies
  the SAME draw to every entry; an entry's figures are the run-level ones (F1 and turns averaged over
  the datasets, TW-F1 from those).
* Rank range: in each replicate an entry's rank is 1 + the number of entries with a strictly higher
  TW-F1; its range is the central `level` interval of those ranks (lower and upper percentiles taken
  on the ranks themselves, so both ends are whole ranks). "2-4": it places 2nd to 4th in 95% of the
  replicates.
* Tie groups: entries in TW-F1 order; a group starts at its leader and takes every following entry
  whose paired interval of (leader - entry) TW-F1 includes 0; the first entry that is clearly below
  the leader starts the next group. Ties are not transitive (A~B, B~C, A>C), so the groups are
  defined against the leader, never chained.
* Detectable difference: the minimum difference a two-sided test at `alpha` detects with
  probability `power`, (z[1 - alpha/2] + z[power]) * sd, where sd is the median, over pairs of
  entries, of the paired bootstrap standard deviation of their difference (pairs of identical runs,
  sd 0, say nothing about noise and are left out). With a single entry there is no pair: sd is
  sqrt(2) times its own bootstrap sd (two independent runs; conservative, because pairing on the same
  households only lowers it). alpha 0.05 and power 0.8 give 2.80 sd.
  Measured on synthetic runs (4 pairs per household, one trial, three entries 80-85% right,
  1000 replicates): 80 households -> 5.3 TW-F1 points, 200 -> 3.4, 800 -> 1.6 (~1/sqrt(n)); 0.08 s to 0.7 s.
"""
from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass
from statistics import NormalDist
from typing import Mapping, Sequence

import numpy as np

from eligibench.evaluation.scoring.bootstrap import household_count_matrix, household_draws, percentile_interval
from eligibench.evaluation.scoring.metrics import metric_arrays, turn_weighted_f1
from eligibench.results import DialogResult, metric

TW_F1, F1 = metric("turn_weighted_f1").label, metric("f1").label  # the catalogue's labels

ALPHA = 0.05
POWER = 0.8


@dataclass(frozen=True)
class RankRange:
    key: str  # the entry (a run id)
    tw_f1: float  # on the paired households
    f1: float
    best: int  # the rank interval, best end
    worst: int
    group: int  # tie group, 1 = tied with the top entry

    @property
    def text(self) -> str:
        """'2-4', or '1' when both ends agree."""
        return str(self.best) if self.best == self.worst else f"{self.best}-{self.worst}"


@dataclass(frozen=True)
class DetectableDifference:
    households: int  # paired households (scored in every entry)
    trials: int  # most trials per household in an entry
    tw_f1: float  # points
    f1: float
    alpha: float
    power: float
    pairs: int  # entry pairs whose paired sd was used; 0 = the one-entry approximation

    @property
    def too_small(self) -> str:
        """'' when the figure means something, else why this protocol cannot detect any difference:
        too few paired households for any paired test to reach `alpha` (with h households the
        smallest two-sided p is 2 / 2^h), or no variation between households to measure noise by
        (a 2-household protocol measured "0.0 TW-F1 points")."""
        need = next(h for h in range(1, 64) if 2 / 2 ** h < self.alpha)
        if self.households < need:
            return (f"{self.households} paired household{'s' if self.households != 1 else ''} "
                    f"(a paired test needs at least {need} to reach p < {self.alpha:g})")
        if self.tw_f1 <= 0 or self.f1 <= 0:
            return "its households vary too little to measure the noise"
        if self.tw_f1 > 100:
            return "the noise is larger than the whole scale"
        return ""

    def sentence(self) -> str:
        if self.too_small:
            return (f"With {self.households} households and {self.trials} trial(s), this protocol is too small to "
                    f"detect any difference between runs: {self.too_small}. Rank ranges and ties here say nothing; "
                    "use a protocol with more households.")
        basis = (f"paired bootstrap sd, median over {self.pairs} pair(s) of entries" if self.pairs else
                 "one entry: sqrt(2) x its bootstrap sd, as for two independent runs")
        return (f"With {self.households} households and {self.trials} trial(s), this protocol can detect a difference "
                f"of {self.tw_f1:.1f} {TW_F1} points and {self.f1:.1f} {F1} points (two-sided alpha {self.alpha:g}, "
                f"power {self.power:g}; {basis}). Smaller gaps may be noise.")


@dataclass(frozen=True)
class RankTable:
    ranges: tuple[RankRange, ...]  # best TW-F1 first
    detectable: DetectableDifference
    n_boot: int
    seed: int
    level: float

    def of(self, key: str) -> RankRange | None:
        return next((x for x in self.ranges if x.key == key), None)

    def tied(self, a: str, b: str) -> bool:
        ra, rb = self.of(a), self.of(b)
        return ra is not None and rb is not None and ra.group == rb.group


def _common(runs: Mapping[str, Sequence[DialogResult]]) -> dict[str, list[tuple[str, ...]]]:
    """dataset -> sorted row ids scored in every entry."""
    keys = [{(r.dataset, r.row_id) for r in results if r.scored} for results in runs.values()]
    common = set.intersection(*keys) if keys else set()
    out: dict[str, list] = defaultdict(list)
    for dataset, row in sorted(common):
        out[dataset].append(row)
    return dict(out)


def _replicates(runs: Mapping[str, Sequence[DialogResult]], common: Mapping[str, list],
                n_boot: int, seed: int) -> tuple[dict[str, np.ndarray], dict[str, np.ndarray]]:
    """Per figure: points (n_entries,) and replicates (n_entries, n_boot) on the paired households."""
    points: dict[str, list] = {"f1": [], "turns": []}
    reps: dict[str, list] = {"f1": [], "turns": []}
    for results in runs.values():
        by: dict[tuple[str, str], list[DialogResult]] = defaultdict(list)
        for r in results:
            if r.scored:
                by[(r.dataset, r.row_id)].append(r)
        p_sets: dict[str, list] = {"f1": [], "turns": []}
        r_sets: dict[str, list] = {"f1": [], "turns": []}
        for dataset, rows in common.items():
            matrix = household_count_matrix([by[(dataset, row)] for row in rows])
            point = metric_arrays(*matrix.sum(axis=0))
            rep = metric_arrays(*matrix[household_draws(dataset, len(rows), n_boot, seed)].sum(axis=1).T)
            for k in ("f1", "turns"):
                p_sets[k].append(point[k])
                r_sets[k].append(rep[k])
        for k in ("f1", "turns"):
            points[k].append(np.mean(p_sets[k], axis=0))
            reps[k].append(np.mean(r_sets[k], axis=0))
    out_p = {k: np.asarray(v, dtype=float) for k, v in points.items()}
    out_r = {k: np.asarray(v, dtype=float) for k, v in reps.items()}
    out_p["tw_f1"] = turn_weighted_f1(out_p["f1"], out_p["turns"])
    out_r["tw_f1"] = turn_weighted_f1(out_r["f1"], out_r["turns"])
    return out_p, out_r


def _groups(order: list[int], tw_reps: np.ndarray, level: float) -> dict[int, int]:
    """Entry index -> tie group (1 = the top entry's), against each group's leader."""
    groups: dict[int, int] = {}
    leader, group = None, 0
    for i in order:
        if leader is not None:
            low, high = percentile_interval(tw_reps[leader] - tw_reps[i], level)
            if low <= 0.0 <= high:
                groups[i] = group
                continue
        leader, group = i, group + 1
        groups[i] = group
    return groups


def _detectable_sd(reps: np.ndarray) -> tuple[float, int]:
    """(sd of a paired difference, pairs used): median over entry pairs, or sqrt(2) x one entry's sd."""
    n = reps.shape[0]
    sds = [float(np.std(reps[i] - reps[j], ddof=1)) for i in range(n) for j in range(i + 1, n)]
    sds = [s for s in sds if s > 0]
    if sds:
        return float(np.median(sds)), len(sds)
    own = [float(np.std(reps[i], ddof=1)) for i in range(n)]
    return float(np.sqrt(2.0) * max(own)) if own else 0.0, 0


def _trials(runs: Mapping[str, Sequence[DialogResult]], common: Mapping[str, list]) -> int:
    """The most trials any entry ran on one paired household (1 for a one-trial protocol)."""
    paired = {(d, row) for d, rows in common.items() for row in rows}
    per: dict[tuple, set] = defaultdict(set)
    for key, results in runs.items():
        for r in results:
            if r.scored and (r.dataset, r.row_id) in paired:
                per[(key, r.dataset, r.row_id)].add(r.trial)
    return max((len(t) for t in per.values()), default=1)


def rank_ranges(runs: Mapping[str, Sequence[DialogResult]], n_boot: int = 1000, seed: int = 0,
                level: float = 0.95, alpha: float = ALPHA, power: float = POWER) -> RankTable:
    """Rank ranges, tie groups and the detectable difference of the entries of ONE protocol (the
    caller picks them: finished runs of one protocol). Raises ValueError when they share no household."""
    if not 0 < level < 1 or not 0 < alpha < 1 or not 0 < power < 1:
        raise ValueError(f"level, alpha and power must be in (0, 1), got {level}, {alpha}, {power}")
    if n_boot < 2:
        raise ValueError(f"rank ranges need at least 2 bootstrap replicates, got n_boot={n_boot}")
    if not runs:
        raise ValueError("rank ranges need at least one run")
    common = _common(runs)
    if not common:
        raise ValueError(f"the {len(runs)} runs share no scored household: no paired ranking is possible")
    keys = list(runs)
    points, reps = _replicates(runs, common, n_boot, seed)
    tw = reps["tw_f1"]
    ranks = 1 + (tw[None, :, :] > tw[:, None, :]).sum(axis=1)  # ranks[i, b]: entries j with tw[j] > tw[i]
    tail = 100 * (1 - level) / 2
    order = sorted(range(len(keys)), key=lambda i: (-points["tw_f1"][i], keys[i]))
    groups = _groups(order, tw, level)
    ranges = tuple(RankRange(keys[i], float(points["tw_f1"][i]), float(points["f1"][i]),
                             int(np.percentile(ranks[i], tail, method="lower")),
                             int(np.percentile(ranks[i], 100 - tail, method="higher")), groups[i])
                   for i in order)
    z = NormalDist().inv_cdf(1 - alpha / 2) + NormalDist().inv_cdf(power)
    sd_tw, pairs = _detectable_sd(tw)
    sd_f1, _ = _detectable_sd(reps["f1"])
    trials = _trials(runs, common)
    households = sum(len(rows) for rows in common.values())
    return RankTable(ranges, DetectableDifference(households, trials, z * sd_tw, z * sd_f1, alpha, power, pairs),
                     n_boot, seed, level)


def pair_verdict(table: RankTable, a: str, b: str, diff_ci: tuple[float, float], name_a: str = "A",
                 name_b: str = "B") -> str:
    """Two entries' verdict in words: their rank ranges among the protocol's entries and whether the
    paired TW-F1 interval of A - B (`diff_ci`, as `compare_runs` gives it) excludes 0."""
    ra, rb = table.of(a), table.of(b)
    n = len(table.ranges)
    where = (f"{name_a} ranks {ra.text if ra else 'unranked'} and {name_b} ranks {rb.text if rb else 'unranked'} "
             f"of {n} entr{'y' if n == 1 else 'ies'} of this protocol")
    low, high = diff_ci
    if table.detectable.too_small:  # an interval from 2 households "excludes 0" and means nothing
        return (f"Verdict: this comparison cannot tell whether {name_a} or {name_b} is better; {where}. "
                f"{table.detectable.sentence()}")
    if low <= 0.0 <= high:
        words = (f"{name_a} and {name_b} are statistically tied: the {table.level:.0%} interval of their {TW_F1} "
                 f"difference [{low:.1f}, {high:.1f}] includes 0")
    else:
        ahead, behind = (name_a, name_b) if low > 0 else (name_b, name_a)
        words = (f"{ahead} is ahead of {behind}: the {table.level:.0%} interval of the {TW_F1} difference "
                 f"[{low:.1f}, {high:.1f}] excludes 0")
    return f"Verdict: {words}; {where}. {table.detectable.sentence()}"
