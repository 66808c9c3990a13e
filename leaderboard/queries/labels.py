"""The board's headline metric labels, taken from the metric catalogue
(`eligibench.results.catalogue`) so a view never spells one: renaming a metric there renames its
column, filter word, plot axis and tooltip everywhere (tests/leaderboard/test_lb_metric_labels.py)."""
from __future__ import annotations

from eligibench.results import AVERAGE, columns, metric

__all__ = ["AVG_F1", "AVG_TURNS", "TW_F1", "ci_label"]

TW_F1 = metric("turn_weighted_f1").column(AVERAGE)  # the ranking's metric
AVG_F1 = metric("f1").column(AVERAGE)
AVG_TURNS = metric("turns").column(AVERAGE)


def ci_label(label: str) -> str:
    """The column that holds the 95% interval of the metric column `label`."""
    try:
        return _INTERVALS[label]
    except KeyError:
        raise KeyError(f"no metric column {label!r} with an interval in the catalogue "
                       f"(known: {', '.join(_INTERVALS)})") from None


_INTERVALS = {c.label: c.interval_label for c in columns() if c.interval_label}
