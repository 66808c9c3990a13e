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
    # the priorities track (evaluation/scoring/priorities.py, docs/priorities.md): percent, with intervals
    Metric("priority_weighted_f1", "Priority-weighted F1", interval=True, title="Priority-weighted F1"),
    Metric("recommendation_match", "Recommendation match %", interval=True, title="Recommendation match %"),
    Metric("give_up_match", "Give-up match %", interval=True, title="Give-up match %"),
    Metric("patience_used", "Patience used %", interval=True, title="Patience used %"),
    Metric("patience_spent", "Patience spent %", interval=True, title="Patience spent %"),
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


# ------------------------------------------------------------------------------------------------
# Words a person reads on the board besides the metric columns (issue: a board that fits a screen).
# Views take these labels from here, never as literals, so a rename is made once.

AUTHORS = "Authors"  # the manifest's authors, under the agent's name in the ranking
SUPERSEDED = "superseded by a newer version (submit --replace)"  # a replaced submission's older run
NOT_MEASURED = "not measured"  # a figure the run did not record (a template user has no latency or tokens)
IDS_PANEL = "Ids (runs, protocols, data versions)"  # the details panel that holds every hash
GROUND_TRUTH_TAB = "Regrades"  # the tab listing which checkers graded each run and what a regrade changed
V1_POINTS = "Show v1's reported points (squares)"  # the F1-vs-turns plot's toggle
# a protocol's kind, in words (runs.protocol "kind")
KIND_WORDS = {"full": "full", "smoke": "smoke", "custom": "custom", "human": "people"}
# a simulated user, in words, by the part of its label that names it (results: runs.simulator)
USER_WORDS = (("quoting-user", "quoting test user (no language model)"), ("/template", "template user"),
              ("reference", "reference user (Llama 3.1 70B)"), ("free-form", "free-form model user"),
              ("grounded:", "grounded model user"), ("custom simulator", "custom model user"),
              ("embedded:", "embedded small model user (CPU)"), ("vllm:", "model user served by vLLM"))
# why an interval is not shown, in words (the ranking's "n/a" cells)
INTERVAL_NA_WORDS = {"few": "n/a: {n} household(s), too few for an interval",
                     "flat": "n/a: every resample gave the same value"}
# snake_case words the simulator tab and the audit show, in plain words
SNAKE_WORDS = {"exact_value": "exact value", "dont_know": "I don't know", "yes_no": "yes or no",
               "contradicted": "contradicted", "faithful": "faithful"}


__all__ = ["AUTHORS", "BY_NAME", "Column", "GROUND_TRUTH_TAB", "HOUSEHOLDS", "IDS_PANEL", "INTERVAL_NA_WORDS",
           "KIND_WORDS", "METRICS", "Metric", "NOT_MEASURED", "SNAKE_WORDS", "SUPERSEDED", "USER_WORDS", "V1_POINTS",
           "columns", "metric"]
