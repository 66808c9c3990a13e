"""The Compare view's verdict: the paired comparison of two runs (eligibench's `compare_runs`),
read through the board's source (live store or a results folder) and shown as one line per figure."""
from __future__ import annotations

import html
from typing import Any

from eligibench.evaluation.scoring import FIGURES, compare_runs
from eligibench.results import DialogResult, Turn

# The CLI's 1000 replicates: 73 households x 4 pairs take about 0.03 s (measured), cheap per pick.
N_BOOT = 1000


def _rows(r: Any, sql: str, params: list) -> list[tuple]:
    return r.con.execute(sql, params).fetchall()  # plain Python values: NULL is None, not pandas NA


def run_results(r: Any, run_id: str) -> list[DialogResult]:
    """A run's dialogs as DialogResult, enough to score (turn texts are not read: only their count)."""
    if r.empty or not r.has("dialogs", "predictions"):
        return []
    turns = {}
    if r.has("turns"):
        for ds, row, trial, n in _rows(r, "SELECT dataset, row_id, trial, count(*) FROM turns WHERE run_id = ? GROUP BY ALL", [run_id]):
            turns[(ds, row, int(trial))] = int(n)
    preds: dict[tuple, dict] = {}
    labels: dict[tuple, dict] = {}
    for ds, row, trial, opp, pred, label in _rows(
            r, "SELECT dataset, row_id, trial, opportunity, predicted, label FROM predictions WHERE run_id = ?", [run_id]):
        key = (ds, row, int(trial))
        labels.setdefault(key, {})[opp] = bool(label)
        if pred is not None:
            preds.setdefault(key, {})[opp] = bool(pred)
    out = []
    for ds, row, trial, term, given in _rows(
            r, "SELECT dataset, row_id, trial, termination, predictions_given FROM dialogs WHERE run_id = ?", [run_id]):
        key = (ds, row, int(trial))
        out.append(DialogResult(row, ds, int(trial), tuple(Turn("", "") for _ in range(turns.get(key, 0))),
                                preds.get(key, {}) if given else None, labels.get(key, {}), term))
    return out


def verdict(r: Any, run_a: str, run_b: str, labels: dict[str, str] | None = None) -> str:
    """Markdown: 'A - B = +4.1 TW-F1 [1.2, 7.0], p = 0.01, n = 73 households' (and F1, turns)."""
    if not (run_a and run_b) or run_a == run_b:
        return ""
    proto = dict(_rows(r, "SELECT run_id, protocol_id FROM runs WHERE run_id IN (?, ?)", [run_a, run_b])) \
        if "protocol_id" in r.columns("runs") else {}
    if proto.get(run_a) != proto.get(run_b):
        return "_Paired comparison: the runs are on different protocols; pick two runs of one protocol._"
    c = compare_runs(run_results(r, run_a), run_results(r, run_b), n_boot=N_BOOT)
    if not c.households:
        return "_Paired comparison: the runs share no scored household._"
    labels = labels or {}
    a, b = (html.escape(labels.get(x, x[:8])) for x in (run_a, run_b))
    lines = [f"- {c.line(name, 'A', 'B')}" for name in FIGURES]
    m = c.mcnemar
    return (f"**Paired comparison** (A = {a}, B = {b}; {c.level:.0%} household-bootstrap intervals, "
            f"McNemar's exact test on {m.pairs} pairs: {m.a_only} only A got right, {m.b_only} only B)\n\n"
            + "\n".join(lines))
