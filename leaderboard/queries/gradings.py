"""Which ground truth graded each run, and the pairs a regrade changed (issue 31 item 1;
`eligibench.evaluation.regrade`, tables `gradings` and `grading_changes`); what the simulator
re-runs of a run's fault dialogs found (`evaluate --rerun-simulator-faults`, table
`simulator_reruns`), marked when a later regrade could not recompute them (their dialogs are not
stored: eligibench/evaluation/regrade/recompute.py)."""
from __future__ import annotations

from typing import Any

import pandas as pd

from eligibench.results import Reader
from leaderboard.queries.common import date_text, is_missing, sanitize

__all__ = ["CHANGE_COLUMNS", "GRADING_COLUMNS", "GROUND_TRUTH", "NOT_RECORDED", "RERUNS", "changed_pairs", "changed_pairs_empty",
           "ground_truth_by_run", "ground_truth_label", "grading_table", "rerun_words", "reruns_by_run"]

GROUND_TRUTH = "Ground truth"  # the board's column: "graded with ground truth X"
NOT_RECORDED = "not recorded"  # runs evaluated before ground-truth versions (results schema 5)
RERUNS = "Simulator re-runs"  # plain words: fault dialogs re-run, cleared, still faulted
GRADING_COLUMNS = ("Submission", "Ground truth", "Grading", "Pairs changed", "Graded", "Earlier ground truth", RERUNS, "Run")
CHANGE_COLUMNS = ("Grading", "Dataset", "Household", "Trial", "Opportunity", "Agent said", "Label before", "Label now")


def _word(v: object) -> str:
    return "no answer" if is_missing(v) else ("eligible" if bool(v) else "not eligible")


def ground_truth_label(digest: object, grading: object, changed: object) -> str:
    """The board's words for a run's newest grading: "gt-… (regrade 2: 3 pairs changed)"."""
    text = NOT_RECORDED if is_missing(digest) else str(digest)
    if not is_missing(grading) and int(grading) > 1:
        n = 0 if is_missing(changed) else int(changed)
        text += f" (regrade {int(grading)}: {n} pair{'s' if n != 1 else ''} changed)"
    return text


def rerun_words(dialogs: int, cleared: int, attempts: int, before_regrade: int | None = None) -> str:
    """"2 fault dialogs re-run with new simulator seeds (up to 1 attempt each): 1 cleared, 1 still
    faulted"; `before_regrade`: the first regrade recorded after the re-runs (they were not regraded)."""
    s = "s" if dialogs != 1 else ""
    text = (f"{dialogs} fault dialog{s} re-run with new simulator seeds (up to {attempts} attempt"
            f"{'s' if attempts != 1 else ''} each): {cleared} cleared, {dialogs - cleared} still faulted")
    if before_regrade is not None:
        text += (f"; counted before regrade {before_regrade} (a re-run's dialog is not stored, so it cannot be "
                 "regraded)")
    return text


def reruns_by_run(r: Reader) -> dict[str, str]:
    """Run id -> what its simulator re-runs found (runs without re-runs are absent). A dialog is
    cleared when some attempt left no simulator fault."""
    if r.empty or not r.has("simulator_reruns"):
        return {}
    df = r.df("SELECT run_id, count(*) AS dialogs, count(*) FILTER (WHERE best = 0) AS cleared, max(n) AS attempts,"
              " max(last) AS last FROM (SELECT run_id, dataset, row_id, trial, min(faults) AS best,"
              " count(*) AS n, max(created_at) AS last FROM simulator_reruns GROUP BY ALL) GROUP BY run_id")
    later: dict[str, list[tuple[int, Any]]] = {}  # run -> its regrades (number, when), oldest first
    if r.has("gradings"):
        for run, n, created in r.df("SELECT run_id, grading, created_at FROM gradings WHERE grading > 1"
                                    " ORDER BY run_id, grading").itertuples(index=False):
            later.setdefault(run, []).append((int(n), created))
    out = {}
    for run, dialogs, cleared, attempts, last in df.itertuples(index=False):
        after = next((n for n, created in later.get(run, ()) if not is_missing(created) and created > last), None)
        out[run] = rerun_words(int(dialogs), int(cleared), int(attempts), after)
    return out


def _newest(r: Reader) -> pd.DataFrame:
    return r.df("SELECT g.run_id, g.grading, g.ground_truth, g.changed, g.created_at FROM gradings g"
                " JOIN (SELECT run_id, max(grading) AS grading FROM gradings GROUP BY run_id) m USING (run_id, grading)")


def ground_truth_by_run(r: Reader) -> dict[str, str]:
    """Run id -> the board's "graded with" words (runs with no grading row: not recorded)."""
    if r.empty or not r.has("gradings"):
        return {}
    return {run: ground_truth_label(gt, n, ch) for run, n, gt, ch, _ in _newest(r).itertuples(index=False)}


def grading_table(r: Reader) -> pd.DataFrame:
    """One row per run with dialogs: its newest grading, the ground truth before it, pairs changed."""
    if r.empty or not r.has("runs", "dialogs"):
        return pd.DataFrame(columns=list(GRADING_COLUMNS))
    runs = r.df("SELECT r.run_id, coalesce(r.run_config, r.submission) AS name FROM runs r"
                " WHERE r.run_id IN (SELECT DISTINCT run_id FROM dialogs) ORDER BY r.created_at, r.run_id")
    newest = {row[0]: row for row in _newest(r).itertuples(index=False)} if r.has("gradings") else {}
    earlier = {}
    if r.has("gradings"):
        for run, gt in r.df("SELECT g.run_id, g.ground_truth FROM gradings g JOIN (SELECT run_id, max(grading) - 1 AS"
                            " grading FROM gradings GROUP BY run_id) m USING (run_id, grading)").itertuples(index=False):
            earlier[run] = NOT_RECORDED if is_missing(gt) else str(gt)
    reruns = reruns_by_run(r)
    rows = []
    for run_id, name in runs.itertuples(index=False):
        g = newest.get(run_id)
        rows.append({"Submission": sanitize(str(name)), "Ground truth": NOT_RECORDED if g is None or is_missing(g[2]) else g[2],
                     "Grading": 1 if g is None else int(g[1]),
                     "Pairs changed": 0 if g is None or is_missing(g[3]) else int(g[3]),
                     "Graded": "" if g is None else date_text(g[4]), "Earlier ground truth": earlier.get(run_id, ""),
                     RERUNS: reruns.get(run_id, ""), "Run": run_id})
    return pd.DataFrame(rows, columns=list(GRADING_COLUMNS))


def changed_pairs(r: Reader, run_id: str, names: dict[str, str] | None = None) -> pd.DataFrame:
    """Every pair a regrade of the run changed, newest grading first (program names where known)."""
    if r.empty or not r.has("grading_changes"):
        return pd.DataFrame(columns=list(CHANGE_COLUMNS))
    df = r.df("SELECT grading, dataset, row_id, trial, opportunity, predicted, old_label, new_label FROM grading_changes"
              " WHERE run_id = ? ORDER BY grading DESC, dataset, row_id, trial, opportunity", [run_id])
    rows = [{"Grading": int(g), "Dataset": d, "Household": sanitize(str(row)), "Trial": int(t),
             "Opportunity": sanitize((names or {}).get(o, o)), "Agent said": _word(p), "Label before": _word(old),
             "Label now": _word(new)} for g, d, row, t, o, p, old, new in df.itertuples(index=False)]
    return pd.DataFrame(rows, columns=list(CHANGE_COLUMNS))


def changed_pairs_empty() -> pd.DataFrame:
    return pd.DataFrame(columns=list(CHANGE_COLUMNS))
