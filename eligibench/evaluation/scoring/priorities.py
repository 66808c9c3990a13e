"""The priorities track's figures: whether an agent asks about, decides, and recommends what the
household values most (docs/priorities.md).

Every household row carries importance weights over its opportunities (`truth.priorities_of`:
nonnegative, summing to 1). Per scored dialog (infrastructure errors are left out, as everywhere):

- weighted F1 (`priority_weighted_f1`): F1 over the dialog's (household, opportunity) pairs with each pair
  counted at its weight instead of 1: wTP, wFP, wFN are the weight sums of the true positives,
  false positives and false negatives (a missing prediction is wrong, as in `metrics`);
  precision wTP/(wTP+wFP), recall wTP/(wTP+wFN), F1 = 2wTP/(2wTP+wFP+wFN), in percent. A household
  of weights 0.6/0.3/0.1 loses 60 points of its share for a wrong first program and 10 for its last.
- recommendation match (`recommendation_match`): the percent of dialogs whose recommendation
  (`Agent.recommend`) is the gold one: the highest-weight program the household is eligible for
  (its labels), or "none" when it is eligible for none. A dialog without a recommendation counts as
  a miss; a run that recommended in no dialog has no figure (None): agents without the hook are
  scored on the rest.
- give-up match (`give_up_match`): which programs the agent gave up on, against the lowest-weight
  ones. A program is *given up* when the agent predicted it before every fact its checker needs
  for this household was disclosed (the row's `needed_facts`; disclosed: the grounded simulator's
  exact facts, else the lexical estimate of `process`); that covers "left undetermined" and
  "predicted without asking". With G the given-up set and k = |G|, the dialog's match is
  |G & L| / k, L the k lowest-weight programs of the household (ties by id, `truth.ranked`): 100
  when the agent gave up exactly the programs that matter least. Dialogs that gave up nothing
  (k = 0) or everything (k = all programs) made no choice and are left out; `give_up_dialogs`
  counts the dialogs that made one. AWARE-US's relax match is the k = 1 case.
- questions used against patience (`patience_used`): questions / patience, in percent, per dialog,
  when the run's protocol names a patience (None otherwise); `patience_spent` is the percent of
  dialogs that used all of it.

Run figures: per dataset from the summed per-household parts, then averaged over the datasets
(like F1). Intervals: the household bootstrap (`bootstrap.household_draws`, the same draws as
every other figure). Rank ranges (`priority_rank_ranges`): the entries of one protocol on the
households all of them scored, one draw applied to every entry (as `rank_ranges`), per figure.
"""
from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass, replace
from typing import Mapping, Sequence

import numpy as np

from eligibench.evaluation.scoring.bootstrap import household_draws, percentile_interval
from eligibench.results import DialogResult

NONE = "none"
FIGURES = ("priority_weighted_f1", "recommendation_match", "give_up_match", "patience_used", "patience_spent")
RANKED = ("priority_weighted_f1", "recommendation_match", "give_up_match")  # higher is better
# the parts summed per household: weighted confusion, recommendation, give-up, patience
PARTS = ("wtp", "wfp", "wfn", "rec_hit", "rec_n", "rec_made", "give_sum", "give_n", "used_sum", "spent", "used_n")
_PARTS = PARTS
Key = tuple[str, str]  # (dataset, row id)


@dataclass(frozen=True)
class Household:
    """What scoring needs of a household row: its weights and each opportunity's needed facts."""
    weights: Mapping[str, float]
    needed: Mapping[str, frozenset[str]]  # opportunity -> fact keys its checker reads ({} when unknown)


def households_of(rows: Mapping[str, Sequence]) -> dict[Key, Household]:
    """(dataset, row id) -> Household, from dataset rows (weights: `truth.priorities_of`)."""
    from eligibench.truth import priorities_of  # the truth package is large: imported when scoring

    out = {}
    for dataset, rs in rows.items():
        for row in rs:
            needed = dict(zip(row.opportunities, (frozenset(k) for k in row.needed_facts))) if row.needed_facts else {}
            out[(dataset, row.id)] = Household(priorities_of(row), needed)
    return out


def gold_recommendation(weights: Mapping[str, float], labels: Mapping[str, bool]) -> str:
    """The highest-weight program the household is eligible for (ties by id), "none" when none."""
    eligible = [o for o in labels if labels[o]]
    return min(eligible, key=lambda o: (-weights.get(o, 0.0), o)) if eligible else NONE


def lowest(weights: Mapping[str, float], ids: Sequence[str], k: int) -> set[str]:
    """The k lowest-weight programs among `ids` (ties: the later id in the fixed order is lower)."""
    order = sorted(ids, key=lambda o: (-weights.get(o, 0.0), o))
    return set(order[len(order) - k:]) if k else set()


def disclosed_keys(result: DialogResult, row=None) -> set[str]:
    """The fact keys the dialog disclosed: the grounded simulator's exact facts, else (a row given)
    the lexical estimate on each question and answer."""
    if result.turn_facts or row is None:
        return {k for _, k, _ in result.turn_facts}
    from eligibench.evaluation.scoring.process import estimate_disclosed

    return {k for t in result.turns for k in estimate_disclosed(row, t.question, t.answer)}


def given_up(hh: Household, disclosed: set[str], ids: Sequence[str]) -> set[str]:
    """The programs predicted before every fact their checker needs was disclosed."""
    return {o for o in ids if not hh.needed.get(o, frozenset()) <= disclosed}


def dialog_parts(result: DialogResult, hh: Household, patience: int | None, disclosed: set[str]) -> np.ndarray:
    """The dialog's parts (`_PARTS`) for summing per household."""
    w = hh.weights
    p = dict.fromkeys(_PARTS, 0.0)
    for o, label in result.labels.items():
        pred = result.predicted(o)
        wo = w.get(o, 0.0)
        if pred is None:
            p["wfn" if label else "wfp"] += wo
        elif label:
            p["wtp" if pred else "wfn"] += wo
        elif pred:
            p["wfp"] += wo
    p["rec_n"] = 1.0
    p["rec_hit"] = float(result.recommendation == gold_recommendation(w, result.labels))
    p["rec_made"] = float(result.recommendation is not None)
    ids = list(result.labels)
    if hh.needed:
        g = given_up(hh, disclosed, ids)
        if 0 < len(g) < len(ids):
            p["give_sum"], p["give_n"] = len(g & lowest(w, ids, len(g))) / len(g), 1.0
    if patience:
        p["used_sum"], p["used_n"] = min(1.0, len(result.turns) / patience), 1.0
        p["spent"] = float(len(result.turns) >= patience)
    return np.asarray([p[k] for k in _PARTS])


def _figures(parts: np.ndarray) -> dict[str, np.ndarray]:
    """Figures (percent) from summed parts; parts: (..., len(_PARTS)). NaN where undefined."""
    d = {k: parts[..., i] for i, k in enumerate(_PARTS)}
    with np.errstate(invalid="ignore", divide="ignore"):
        den = 2 * d["wtp"] + d["wfp"] + d["wfn"]
        return {"priority_weighted_f1": np.where(den > 0, 100 * 2 * d["wtp"] / np.where(den > 0, den, 1), 0.0),
                "recommendation_match": 100 * d["rec_hit"] / d["rec_n"],
                "give_up_match": 100 * d["give_sum"] / d["give_n"],
                "patience_used": 100 * d["used_sum"] / d["used_n"],
                "patience_spent": 100 * d["spent"] / d["used_n"]}


def _household_matrix(results: Sequence[DialogResult], households: Mapping[Key, Household], patience: int | None,
                      rows: Mapping[Key, object] | None = None) -> dict[str, dict[str, np.ndarray]]:
    """dataset -> row id -> summed parts of its scored dialogs."""
    out: dict[str, dict[str, np.ndarray]] = defaultdict(dict)
    for r in results:
        if not r.scored:
            continue
        key = (r.dataset, r.row_id)
        if key not in households:
            raise KeyError(f"dialog {r.dataset}/{r.row_id}: no household row with priorities (expected the run's rows)")
        parts = dialog_parts(r, households[key], patience, disclosed_keys(r, (rows or {}).get(key)))
        prev = out[r.dataset].get(r.row_id)
        out[r.dataset][r.row_id] = parts if prev is None else prev + parts
    return out


@dataclass(frozen=True)
class PriorityFigure:
    name: str
    value: float | None  # None: undefined (no recommendation made, no patience, no give-up choice)
    ci: tuple[float, float] | None


def _average(per_dataset: list[np.ndarray]) -> np.ndarray:
    """Mean over datasets, ignoring a dataset where the figure is undefined (NaN)."""
    stack = np.stack(per_dataset)
    with np.errstate(invalid="ignore"):
        counts = (~np.isnan(stack)).sum(axis=0)
        total = np.nansum(stack, axis=0)
        return np.where(counts > 0, total / np.maximum(counts, 1), np.nan)


def priority_figures(results: Sequence[DialogResult], households: Mapping[Key, Household], patience: int | None = None,
                     n_boot: int = 1000, seed: int = 0, level: float = 0.95,
                     rows: Mapping[Key, object] | None = None) -> dict[str, PriorityFigure]:
    """Every figure of the track, with its household-bootstrap interval (see the module docstring).
    `rows`: (dataset, row id) -> Row, for the lexical estimate when no exact facts were recorded."""
    by = _household_matrix(results, households, patience, rows)
    recommended = any(r.recommendation is not None for r in results if r.scored)
    points, reps = [], []
    for dataset in sorted(by):
        ids = sorted(by[dataset])
        matrix = np.stack([by[dataset][i] for i in ids])
        points.append(_figures(matrix.sum(axis=0)))
        reps.append(_figures(matrix[household_draws(dataset, len(ids), n_boot, seed)].sum(axis=1)))
    out = {}
    for name in FIGURES:
        if not points or (name == "recommendation_match" and not recommended):
            out[name] = PriorityFigure(name, None, None)
            continue
        point = float(_average([p[name] for p in points]))
        if np.isnan(point):
            out[name] = PriorityFigure(name, None, None)
            continue
        rep = _average([r[name] for r in reps])
        rep = rep[~np.isnan(rep)]
        out[name] = PriorityFigure(name, point, percentile_interval(rep, level) if len(rep) else (point, point))
    out["give_up_dialogs"] = PriorityFigure("give_up_dialogs", float(sum(m[_PARTS.index("give_n")]
                                                                        for d in by.values() for m in d.values())), None)
    return out


def metric_rows(figures: Mapping[str, PriorityFigure], dataset: str = "average") -> list[tuple]:
    """The figures as rows of the store's `metrics` table: (dataset, name, value, ci_low, ci_high)
    (names in the metric catalogue; undefined figures have no row)."""
    return [(dataset, f.name, f.value, *(f.ci or (None, None))) for f in figures.values()
            if f.value is not None and f.name in FIGURES]


def priority_metrics(rows: Mapping[str, Sequence], results: Sequence[DialogResult], patience: int | None,
                     n_boot: int = 1000, seed: int = 0) -> list[tuple]:
    """A run's priorities-track metric rows from its households per dataset and its dialogs."""
    by_key = {(d, r.id): r for d, rs in rows.items() for r in rs}
    return metric_rows(priority_figures(results, households_of(rows), patience, n_boot, seed, rows=by_key))


def record_priorities(store, run_id: str, rows: Mapping[str, Sequence], results: Sequence[DialogResult],
                      patience: int | None, n_boot: int = 1000, seed: int = 0) -> list[tuple]:
    """A run's priorities figures: its per-dialog parts stored (table `priority_parts`, what the
    board ranks runs from) and its metric rows returned."""
    by_key = {(d, r.id): r for d, rs in rows.items() for r in rs}
    households = households_of(rows)
    if not any(r.turn_facts for r in results) and hasattr(store, "turn_facts"):
        # a regrade reads dialogs back from the store without their disclosures: the stored exact ones
        # (a run's own scoring has them in memory), so a regrade gives the evaluation's figures
        facts = store.turn_facts(run_id)
        results = [replace(r, turn_facts=tuple((i, k, v) for i, k, v, _ in facts.get((r.dataset, r.row_id, r.trial), ())))
                   for r in results]
    store.record_priority_parts(run_id, part_rows(results, households, patience, by_key))
    return metric_rows(priority_figures(results, households, patience, n_boot, seed, rows=by_key))


@dataclass(frozen=True)
class PriorityRank:
    key: str  # the entry (run id)
    figure: str
    value: float
    best: int
    worst: int

    @property
    def text(self) -> str:
        return str(self.best) if self.best == self.worst else f"{self.best}-{self.worst}"


def priority_rank_ranges(runs: Mapping[str, Sequence[DialogResult]], households: Mapping[Key, Household],
                         patience: int | None = None, n_boot: int = 1000, seed: int = 0,
                         level: float = 0.95) -> dict[str, dict[str, PriorityRank]]:
    """figure -> run id -> its rank range among the entries of one protocol, on the households every
    entry scored, the same household draws for every entry (as `rank_ranges` does for TW-F1). A
    figure an entry does not have (no recommendation made) leaves that entry unranked on it."""
    return rank_ranges_from_parts({k: _household_matrix(v, households, patience) for k, v in runs.items()},
                                  n_boot, seed, level)


def part_rows(results: Sequence[DialogResult], households: Mapping[Key, Household], patience: int | None,
              rows: Mapping[Key, object] | None = None) -> list[tuple]:
    """Per scored dialog: (dataset, row id, trial, *PARTS), as table `priority_parts` stores them,
    so the board ranks runs without the household rows."""
    out = []
    for r in results:
        if r.scored and (r.dataset, r.row_id) in households:
            key = (r.dataset, r.row_id)
            parts = dialog_parts(r, households[key], patience, disclosed_keys(r, (rows or {}).get(key)))
            out.append((r.dataset, r.row_id, r.trial, *(float(x) for x in parts)))
    return out


def matrix_from_part_rows(stored: Sequence[Sequence]) -> dict[str, dict[str, np.ndarray]]:
    """dataset -> row id -> summed parts, from `part_rows` (or the stored table's rows)."""
    out: dict[str, dict[str, np.ndarray]] = defaultdict(dict)
    for dataset, row_id, _trial, *parts in stored:
        v = np.asarray(parts, dtype=float)
        prev = out[dataset].get(row_id)
        out[dataset][row_id] = v if prev is None else prev + v
    return out


def rank_ranges_from_parts(mats: Mapping[str, Mapping[str, Mapping[str, np.ndarray]]], n_boot: int = 1000,
                           seed: int = 0, level: float = 0.95) -> dict[str, dict[str, PriorityRank]]:
    """`priority_rank_ranges` on each run's summed parts per household (`matrix_from_part_rows`)."""
    common: dict[str, list[str]] = {}
    for dataset in sorted({d for m in mats.values() for d in m}):
        shared = set.intersection(*(set(m.get(dataset, {})) for m in mats.values()))
        if shared:
            common[dataset] = sorted(shared)
    if not common:
        return {}
    draws = {d: household_draws(d, len(ids), n_boot, seed) for d, ids in common.items()}
    made = _PARTS.index("rec_made")
    recommended = {k for k, m in mats.items() if any(v[made] > 0 for d in m.values() for v in d.values())}
    points: dict[str, dict[str, float]] = defaultdict(dict)
    reps: dict[str, dict[str, np.ndarray]] = defaultdict(dict)
    for key, m in mats.items():
        p_sets, r_sets = [], []
        for d, ids in common.items():
            matrix = np.stack([m[d][i] for i in ids])
            p_sets.append(_figures(matrix.sum(axis=0)))
            r_sets.append(_figures(matrix[draws[d]].sum(axis=1)))
        for name in RANKED:
            if name == "recommendation_match" and key not in recommended:
                continue
            point = float(_average([p[name] for p in p_sets]))
            if not np.isnan(point):
                points[name][key] = point
                reps[name][key] = np.nan_to_num(_average([r[name] for r in r_sets]), nan=-1.0)
    tail = 100 * (1 - level) / 2
    out: dict[str, dict[str, PriorityRank]] = {}
    for name in RANKED:
        keys = sorted(points[name], key=lambda k: (-points[name][k], k))
        if not keys:
            continue
        stack = np.stack([reps[name][k] for k in keys])
        ranks = 1 + (stack[None, :, :] > stack[:, None, :]).sum(axis=1)
        out[name] = {k: PriorityRank(k, name, points[name][k], int(np.percentile(ranks[i], tail, method="lower")),
                                     int(np.percentile(ranks[i], 100 - tail, method="higher")))
                     for i, k in enumerate(keys)}
    return out


def paired_gap(a: Sequence[DialogResult], b: Sequence[DialogResult], households: Mapping[Key, Household],
               patience: int | None = None, n_boot: int = 1000, seed: int = 0,
               level: float = 0.95) -> dict[str, dict[str, float]]:
    """A minus B per figure on the households both scored, with the paired bootstrap interval of
    the difference (one draw for both runs): {"figure": {"a", "b", "diff", "ci_low", "ci_high"}}."""
    ma, mb = _household_matrix(a, households, patience), _household_matrix(b, households, patience)
    pa, pb, ra, rb = [], [], [], []
    for d in sorted(set(ma) & set(mb)):
        ids = sorted(set(ma[d]) & set(mb[d]))
        if not ids:
            continue
        draw = household_draws(d, len(ids), n_boot, seed)
        xa, xb = np.stack([ma[d][i] for i in ids]), np.stack([mb[d][i] for i in ids])
        pa.append(_figures(xa.sum(axis=0)))
        pb.append(_figures(xb.sum(axis=0)))
        ra.append(_figures(xa[draw].sum(axis=1)))
        rb.append(_figures(xb[draw].sum(axis=1)))
    out = {}
    if not pa:
        return out
    for name in FIGURES:
        va, vb = float(_average([p[name] for p in pa])), float(_average([p[name] for p in pb]))
        if np.isnan(va) or np.isnan(vb):
            continue
        diff = _average([r[name] for r in ra]) - _average([r[name] for r in rb])
        diff = diff[~np.isnan(diff)]
        low, high = percentile_interval(diff, level) if len(diff) else (va - vb, va - vb)
        out[name] = {"a": va, "b": vb, "diff": va - vb, "ci_low": low, "ci_high": high}
    return out
