"""Accuracy per opportunity of each run (the Per opportunity tab's heatmap)."""
from __future__ import annotations

from typing import Mapping, Sequence

import pandas as pd

from eligibench.results import INFRA_ERROR, Reader

__all__ = ["accuracy_matrix", "opportunity_accuracy"]

def opportunity_accuracy(r: Reader, run_ids: Sequence[str] | None = None) -> pd.DataFrame:
    """Long frame: run_id, submission, opportunity, accuracy (percent), pairs.

    Same conventions as the metrics: infrastructure-error dialogs are left out, unlabelled
    predictions ignored, a missing prediction is wrong.
    """
    cols = ["run_id", "submission", "opportunity", "accuracy", "pairs"]
    if r.empty or not r.has("predictions", "dialogs", "runs"):
        return pd.DataFrame(columns=cols)
    where, params = "", []
    if run_ids is not None:
        if not run_ids:
            return pd.DataFrame(columns=cols)
        where = f" AND p.run_id IN ({', '.join('?' * len(run_ids))})"
        params = list(run_ids)
    return r.df(
        "SELECT p.run_id, r.submission, p.opportunity,"
        " 100.0 * avg(CASE WHEN p.predicted IS NOT DISTINCT FROM p.label THEN 1 ELSE 0 END) AS accuracy,"
        " count(*) AS pairs"
        " FROM predictions p JOIN dialogs d USING (run_id, dataset, row_id, trial)"
        " JOIN runs r ON r.run_id = p.run_id"
        f" WHERE p.label IS NOT NULL AND d.termination <> '{INFRA_ERROR}'{where}"
        " GROUP BY ALL ORDER BY p.run_id, p.opportunity", params)


def accuracy_matrix(long: pd.DataFrame, labels: Mapping[str, str] | None = None,
                    value: str = "accuracy") -> pd.DataFrame:
    """Runs x opportunities (percent accuracy, or `value="pairs"`; NaN where the run saw no pair),
    runs in the order they first appear in `long`."""
    if long.empty:
        return pd.DataFrame()
    m = long.drop_duplicates(["run_id", "opportunity"]).pivot(index="run_id", columns="opportunity", values=value)
    order = list(dict.fromkeys(long["run_id"]))
    m = m.reindex(order)
    if labels:
        m.index = [labels.get(i, i) for i in m.index]
    return m
