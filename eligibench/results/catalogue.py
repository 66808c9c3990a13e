"""The metric catalogue: every metric name the scorers write to `metrics`, with how a reader shows
it. The leaderboard's columns, numeric filters and exports are derived from it, so a metric is
named once (here), not as string literals in each view."""
from __future__ import annotations

from dataclasses import dataclass

from eligibench.results.vocabulary import AVERAGE, DATASET_LABEL, DATASETS


@dataclass(frozen=True)
class Metric:
    name: str  # as written to metrics.name
    label: str  # column label (prefixed with the dataset label when per dataset)
    scale: float = 1.0  # shown value = stored value * scale (shares shown as percentages)
    higher_is_better: bool = True
    datasets: tuple[str, ...] = (AVERAGE,)  # which of metrics.dataset the board shows a column for
    interval: bool = False  # the store holds a 95% household-bootstrap interval for it
    digits: int = 1
    shown: bool = False  # a default column
    title: str = ""  # the average's column label when not "Avg <label>"

    def column(self, dataset: str) -> str:
        if dataset == AVERAGE and self.title:
            return self.title
        if not set(self.datasets) & {AVERAGE}:  # shown as the mean over the datasets
            return self.label
        return f"{DATASET_LABEL[dataset]} {self.label}"


METRICS: tuple[Metric, ...] = (
    Metric("turn_weighted_f1", "TW-F1", interval=True, shown=True, title="TW-F1"),
    Metric("f1", "F1", datasets=(AVERAGE, *DATASETS), interval=True, shown=True),
    Metric("turns", "turns", higher_is_better=False, datasets=(AVERAGE, *DATASETS), interval=True, shown=True),
    # issue 31: pairs whose outcome traces to the simulated user (evaluation/scoring/simulator_faults.py)
    # the run stores the rate per dataset too (with intervals); the board shows the average's column
    Metric("simulator_fault_rate", "Simulator faults %", higher_is_better=False, interval=True, shown=True,
           title="Simulator faults %"),
    Metric("agent_turn_weighted_f1", "Agent-attributable TW-F1", interval=True, shown=True,
           title="Agent-attributable TW-F1"),
    Metric("agent_f1", "Agent-attributable F1", datasets=(AVERAGE, *DATASETS), interval=True),
    Metric("accuracy", "accuracy"),
    Metric("precision", "precision"),
    Metric("recall", "recall"),
    Metric("f1_sd", "F1 SD (trials)", higher_is_better=False, title="F1 SD (trials)"),
    Metric("agent_tokens", "agent tokens", higher_is_better=False, title="Agent tokens"),
    Metric("wall_s", "wall s", higher_is_better=False, title="Wall s"),
    # process and failure figures: per dataset in the store, shown as the mean over the datasets
    Metric("needed_coverage", "Needed-fact coverage %", 100.0, datasets=DATASETS),
    Metric("premature_ready", "Premature READY %", 100.0, False, datasets=DATASETS),
    Metric("members_covered", "Members covered %", 100.0, datasets=DATASETS),
    Metric("turns_over_oracle", "Turns over oracle", 1.0, False, datasets=DATASETS),
    Metric("cause_simulator_false_fact", "Wrong: false fact %", 100.0, False, datasets=DATASETS),
    Metric("cause_needed_fact_not_disclosed", "Wrong: fact not disclosed %", 100.0, False, datasets=DATASETS),
    Metric("cause_rule_misapplied", "Wrong: rule misapplied %", 100.0, False, datasets=DATASETS),
    Metric("simulator_faithfulness", "Simulator faithful %", 100.0, datasets=DATASETS),
    Metric("process_exact", "Process exact", datasets=DATASETS),
)
BY_NAME = {m.name: m for m in METRICS}
HOUSEHOLDS = "households"  # the households behind each interval (not a column)


def metric(name: str) -> Metric:
    try:
        return BY_NAME[name]
    except KeyError:
        raise KeyError(f"no metric {name!r} in the catalogue (known: {', '.join(BY_NAME)})") from None


@dataclass(frozen=True)
class Column:
    """One numeric leaderboard column: a metric on a dataset, or (over=True) the mean over datasets."""
    label: str
    metric: Metric
    dataset: str  # AVERAGE for the stored average; for `over` columns the mean of DATASETS
    over: bool = False

    @property
    def interval_label(self) -> str | None:
        return f"{self.label} 95% CI" if self.metric.interval else None


def columns() -> tuple[Column, ...]:
    """Every metric column: metrics with intervals grouped by dataset (average first), then the
    other averages, then metrics stored per dataset only (one column: the mean over the datasets)."""
    out = []
    for d in (AVERAGE, *DATASETS):
        out.extend(Column(m.column(d), m, d) for m in METRICS if m.interval and d in m.datasets)
    out.extend(Column(m.column(AVERAGE), m, AVERAGE) for m in METRICS if not m.interval and AVERAGE in m.datasets)
    out.extend(Column(m.column(AVERAGE), m, AVERAGE, over=True) for m in METRICS if AVERAGE not in m.datasets)
    return tuple(out)


__all__ = ["BY_NAME", "Column", "HOUSEHOLDS", "METRICS", "Metric", "columns", "metric"]
