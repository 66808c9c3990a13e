"""Scoring: what a run's dialogs are worth.

Outcome metrics (accuracy, precision, recall, F1, turns, turn-weighted F1, bootstrap intervals)
and process metrics (needed-fact coverage, redundant questions, oracle bound, the cause of each
wrong pair).

Modules:
- `metrics`: accuracy, precision, recall, F1, turns, split cost, termination mix, per-trial figures (and the conventions).
- `bootstrap`: household-bootstrap intervals.
- `summary`: `summarize`, every figure per dataset and averaged, as rows of the `metrics` table.
- `run_figures`: `score_run`, every figure of a run from its dialogs (the runner's and a regrade's one path).
- `process`: process metrics per dialog and run, oracle bound, and the cause of each wrong pair.
- `cost_figures`: one cost row per run (dollars, per dialog, per correct verdict; tokens where unpriced).
- `pricing`: dollars from recorded tokens and GPU-hours (params.yaml `cost`), the cost-vs-TW-F1 frontier.
- `simulator_faults`: pairs whose outcome traces to the simulated user (answer-check verdicts on needed facts), the fault rate, agent-attributable scores.
- `realism`: the realism track (issue 32): pairs a persona makes undeterminable left out, the paired drop against cooperative, process metrics personas make meaningful.
- `rank_ranges`: one protocol's entries: rank intervals from a paired household bootstrap, tie groups, the detectable difference.
- `priorities`: the priorities track: priority-weighted F1, recommendation match, give-up match, questions against patience; intervals, rank ranges, the paired gap.
- `paired`: two runs on the same households: paired bootstrap of TW-F1/F1/turns differences, McNemar's test, ties with the top run.
"""
from __future__ import annotations

from eligibench.evaluation.scoring.bootstrap import bootstrap
from eligibench.evaluation.scoring.cost_figures import CostRow, cost_row, cost_rows
from eligibench.evaluation.scoring.metrics import (
    AVERAGE,
    cost,
    score,
    trial_consistency,
    trial_figures,
    turn_weighted_f1,
)
from eligibench.evaluation.scoring.paired import FIGURES, Comparison, compare_runs, format_p, mcnemar_p, tied_with_top
from eligibench.evaluation.scoring.pricing import (
    PriceTable,
    RunCost,
    TokenPrice,
    agent_model,
    cost_frontier,
    dialog_dollars,
    run_cost,
)
from eligibench.evaluation.scoring.priorities import FIGURES as PRIORITY_FIGURES
from eligibench.evaluation.scoring.priorities import (
    Household,
    PriorityFigure,
    PriorityRank,
    gold_recommendation,
    households_of,
    matrix_from_part_rows,
    paired_gap,
    part_rows,
    priority_figures,
    priority_rank_ranges,
    rank_ranges_from_parts,
    record_priorities,
)
from eligibench.evaluation.scoring.priorities import metric_rows as priority_metric_rows
from eligibench.evaluation.scoring.process import (
    NEEDED_FACT_NOT_DISCLOSED,
    RULE_MISAPPLIED,
    SIMULATOR_FALSE_FACT,
    dialog_process,
    oracle_questions,
    record_run_process,
    run_process,
)
from eligibench.evaluation.scoring.rank_ranges import (
    DetectableDifference,
    RankRange,
    RankTable,
    pair_verdict,
    rank_ranges,
)
from eligibench.evaluation.scoring.realism import (
    DETERMINABLE_PREFIX,
    PERSONA_PROCESS,
    UNDETERMINABLE,
    PersonaDrop,
    determinable,
    persona_dialog_process,
    persona_drop,
    persona_metrics,
    persona_process,
    protocol_persona,
    protocol_without_persona,
    realism_drop,
    record_persona,
    scorable,
    undeterminable_pairs,
)
from eligibench.evaluation.scoring.run_figures import RunFigures, score_run
from eligibench.evaluation.scoring.simulator_faults import (
    FAULT_VERDICTS,
    AffectedPair,
    affected_pairs,
    fault_metrics,
    faulty_dialogs,
    record_simulator_faults,
    run_affected,
    voided,
)
from eligibench.evaluation.scoring.summary import summarize

__all__ = ["PRIORITY_FIGURES", "Household", "PriorityFigure", "PriorityRank", "gold_recommendation", "households_of",
           "paired_gap", "priority_figures", "priority_rank_ranges", "matrix_from_part_rows", "part_rows",
           "rank_ranges_from_parts", "record_priorities", "priority_metric_rows",
           "DetectableDifference", "RankRange", "RankTable", "pair_verdict", "rank_ranges", "CostRow", "cost_row", "cost_rows", "DETERMINABLE_PREFIX", "PERSONA_PROCESS", "UNDETERMINABLE", "PersonaDrop", "determinable", "persona_dialog_process",
           "persona_drop", "persona_metrics", "protocol_persona", "protocol_without_persona", "persona_process", "realism_drop", "record_persona", "scorable", "undeterminable_pairs", "PriceTable", "RunCost", "TokenPrice", "agent_model", "cost_frontier", "dialog_dollars", "run_cost", "AVERAGE", "FIGURES", "Comparison", "compare_runs", "format_p", "mcnemar_p", "tied_with_top", "NEEDED_FACT_NOT_DISCLOSED", "RULE_MISAPPLIED", "SIMULATOR_FALSE_FACT", "bootstrap", "cost", "dialog_process", "oracle_questions", "record_run_process", "run_process", "score", "summarize", "RunFigures", "score_run", "trial_consistency", "trial_figures", "turn_weighted_f1", "AffectedPair", "FAULT_VERDICTS", "affected_pairs", "fault_metrics", "faulty_dialogs", "record_simulator_faults", "run_affected", "voided"]
