"""What the leaderboard shows, as plain pandas frames read through the results read layer
(`eligibench.results`: `StoreSource` for the live file under the store's lock policy,
`SnapshotSource` for Parquet snapshots). Nothing here writes.

Modules, one concern each:
- `common`: page-safe text (`sanitize`), number and interval formatting.
- `protocols`: the protocols of the runs, the default one, how the others differ.
- `agent_errors`: runs whose agent failed in some dialogs: counted, marked, never ranked.
- `sealed_rule`: public-split runs of an edition without a sealed split: listed, never ranked.
- `table`: the main table (columns from the metric catalogue), filters, ranking with ties, exports.
- `dialogs`: runs, dialog lists, transcripts, a run's export, dialogs two runs share.
- `opportunities`: accuracy per opportunity (the heatmap).
- `gradings`: which ground truth graded each run (`GROUND_TRUTH`, `NOT_RECORDED`), the pairs a regrade changed.
- `rank_ranges`: per protocol, each run's rank range from a paired household bootstrap, tie groups, the detectable difference (issue 31).
- `labels`: the headline metric labels, from the metric catalogue.
- `editions`: the editions of the runs, one edition's protocols, a configuration's scores on each edition.
- `operations`: the submission queue, simulator figures, faithfulness audits.
- `sensitivity`: one agent configuration's scores under each simulator it was run with, and their spread.
- `realism`: one agent configuration under the cooperative user and personas, the paired drop (issue 32).
- `priorities`: the priorities track's figures per run under a patience, with intervals and rank ranges.
- `scoring`: what the cost panel, the paired comparison and people's rows compute from; the newest protocol.
"""
from eligibench.results import CAUSE_WORDS, DATASETS, FAILURE_CAUSES, TERMINATION_WORDS, StoreLockedError
from leaderboard.queries.agent_errors import AGENT_ERRORS, agent_error_counts, has_agent_errors, unranked_agent_errors
from leaderboard.queries.common import (
    Reader,
    SnapshotSource,
    StoreSource,
    interval_text,
    models_label,
    open_source,
    sanitize,
)
from leaderboard.queries.dialogs import (
    DIALOG_COLUMNS,
    DialogFilter,
    dialog_facets,
    dialog_key,
    dialog_list,
    parse_dialog_key,
    run_choices,
    run_export,
    shared_dialogs,
    transcript,
)
from leaderboard.queries.editions import (
    CROSS_METRICS,
    DEFAULT_EDITION,
    across_editions,
    edition_of,
    editions,
    protocols_of,
)
from leaderboard.queries.gradings import (
    CHANGE_COLUMNS,
    GRADING_COLUMNS,
    GROUND_TRUTH,
    NOT_RECORDED,
    RERUNS,
    changed_pairs,
    changed_pairs_empty,
    grading_table,
    ground_truth_by_run,
    reruns_by_run,
)
from leaderboard.queries.labels import AVG_F1, AVG_TURNS, TW_F1, ci_label
from leaderboard.queries.operations import (
    QUEUE_COLUMNS,
    QUEUE_WORDS,
    SIMULATOR_COLUMNS,
    Audit,
    audits,
    queue_table,
    simulator_stats,
)
from leaderboard.queries.opportunities import accuracy_matrix, opportunity_accuracy
from leaderboard.queries.priorities import PRIORITIES_COLUMNS, priorities
from leaderboard.queries.protocols import (
    NO_PROTOCOL,
    V1_PROTOCOL,
    StoredProtocol,
    default_protocol,
    protocol_differences,
    protocols,
)
from leaderboard.queries.rank_ranges import (
    RANK_RANGE,
    detectable_html,
    protocol_entries,
    protocol_rank_tables,
    with_rank_ranges,
)
from leaderboard.queries.realism import REALISM_COLUMNS, realism
from leaderboard.queries.scoring import (
    HUMAN_STATUS,
    cost_dialogs,
    human_figures,
    latest_protocol,
    priced_runs,
    run_protocols,
    run_results,
)
from leaderboard.queries.sealed_rule import is_public_only, unranked_public
from leaderboard.queries.sensitivity import SENSITIVITY_COLUMNS, sensitivity
from leaderboard.queries.table import (
    DEFAULT_COLUMNS,
    EVALUATED,
    HIGHER_IS_BETTER,
    INTERVAL_COLUMNS,
    METRIC_COLUMNS,
    NUMBER_COLUMNS,
    PAPER_RESULTS,
    REPORTED,
    TABLE_COLUMNS,
    evaluated_rows,
    export_frame,
    filter_table,
    interval_bounds,
    leaderboard_table,
    load_paper_results,
    parse_filter,
    ranking,
    reported_rows,
    scatter_frame,
    select_columns,
    sort_table,
    table_export,
    with_ranks,
)

__all__ = [
    "CHANGE_COLUMNS", "GRADING_COLUMNS", "GROUND_TRUTH", "NOT_RECORDED", "RERUNS", "changed_pairs", "changed_pairs_empty", "ground_truth_by_run", "grading_table",
    "reruns_by_run",
    "SENSITIVITY_COLUMNS", "sensitivity", "REALISM_COLUMNS", "realism", "PRIORITIES_COLUMNS", "priorities",
    "TERMINATION_WORDS", "AGENT_ERRORS", "agent_error_counts", "has_agent_errors", "unranked_agent_errors", "is_public_only", "unranked_public",
    "AVG_F1", "AVG_TURNS", "TW_F1", "ci_label",
    "RANK_RANGE", "detectable_html", "protocol_entries", "protocol_rank_tables", "with_rank_ranges",
    "HUMAN_STATUS", "cost_dialogs", "human_figures", "latest_protocol", "priced_runs", "run_protocols", "run_results",
    "Audit", "CAUSE_WORDS", "CROSS_METRICS", "DEFAULT_EDITION", "across_editions", "edition_of", "editions", "protocols_of", "DATASETS", "DEFAULT_COLUMNS", "DIALOG_COLUMNS", "DialogFilter", "EVALUATED",
    "FAILURE_CAUSES", "HIGHER_IS_BETTER", "INTERVAL_COLUMNS", "METRIC_COLUMNS", "NO_PROTOCOL", "NUMBER_COLUMNS",
    "PAPER_RESULTS", "StoredProtocol", "QUEUE_COLUMNS", "QUEUE_WORDS", "REPORTED", "Reader", "SIMULATOR_COLUMNS",
    "SnapshotSource", "StoreLockedError", "StoreSource", "TABLE_COLUMNS", "V1_PROTOCOL", "accuracy_matrix", "audits",
    "default_protocol", "dialog_facets", "dialog_key", "dialog_list", "evaluated_rows", "export_frame",
    "filter_table", "interval_bounds", "interval_text", "leaderboard_table", "load_paper_results", "models_label",
    "open_source", "opportunity_accuracy", "parse_dialog_key", "parse_filter", "protocol_differences", "protocols",
    "queue_table", "ranking", "reported_rows", "run_choices", "run_export", "sanitize", "scatter_frame",
    "select_columns", "shared_dialogs", "simulator_stats", "sort_table", "table_export", "transcript", "with_ranks",
]
