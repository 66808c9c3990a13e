"""Results: every evaluation run in one DuckDB file (runs, dialogs, turns, predictions, metrics,
audits, the submission queue, the replicas that served each run).

Modules:
- `records`: what a run produces: `RunSpec`, `DialogResult`, `Turn`, termination reasons.
- `identity`: run ids (a hash of the RunSpec) and the submission code hash.
- `sanitize`: text cleaned and numbers checked before they are stored.
- `schema`: the tables, the schema version and migrations.
- `connection`: the one way to open the file (lock-aware retry), for writers and readers.
- `store_path`: whether a path can serve as a store (an existing DuckDB file, or a place to create one), checked before any work.
- `reading`: read-only SQL access for readers with their own queries (live file or Parquet snapshot).
- `vocabulary`: the store's words: datasets, terminations, failure causes, protocols.
- `catalogue`: the metric catalogue (name, label, scale, higher-is-better, datasets) and the board's
  other shared labels (`AUTHORS`, `IDS_PANEL`, `GROUND_TRUTH_TAB`, `NOT_MEASURED`, `SUPERSEDED`, `V1_POINTS`,
  and the word maps `KIND_WORDS`, `USER_WORDS`, `INTERVAL_NA_WORDS`, `SNAKE_WORDS`).
- `queue`: the submission queue; claims are leases (several workers, a crashed one's job returns).
- `gradings`: each grading of a run (ground-truth digest, metrics, the pairs a regrade changed) and its households.
- `priority_tables`: the priorities track's tables of a run (each dialog's recommendation, the parts its figures are summed from).
- `process`: the process tables (disclosed facts, process metrics, failure causes, answer checks).
- `store`: `ResultStore`: write and read runs.
- `run_owner`: which process runs a run, so a run whose process is gone reads `incomplete`, not `running`.
- `export`: the store as a Hugging Face dataset folder (runs, metrics, dialogs, turns, predictions) and its upload.
- `usage`: what each run used and got right, for pricing (`run_usage`: cost CLI and board alike).
- `run_export`: one stored run as a document (`find_run`, `run_document`): export-run and view.
"""
from eligibench.results import schema  # namespace: its names (TABLES, MIGRATIONS) are generic
from eligibench.results.catalogue import (
    AUTHORS,
    GROUND_TRUTH_TAB,
    HOUSEHOLDS,
    IDS_PANEL,
    INTERVAL_NA_WORDS,
    KIND_WORDS,
    METRICS,
    NOT_MEASURED,
    SNAKE_WORDS,
    SUPERSEDED,
    USER_WORDS,
    V1_POINTS,
    Metric,
    columns,
    metric,
)
from eligibench.results.connection import SchemaVersionError, StoreError, StoreLockedError, connect
from eligibench.results.store_path import DUCKDB_MAGIC, check_store_path
from eligibench.results.export import CONFIGS as EXPORT_CONFIGS
from eligibench.results.export import export_results, upload_results
from eligibench.results.gradings import LabelChange
from eligibench.results.identity import code_hash, run_id_for
from eligibench.results.queue import LEASE_S, LeaseLost, worker_id
from eligibench.results.reading import Reader, SnapshotSource, StoreSource, open_source
from eligibench.results.records import (
    AGENT_ERROR,
    BUDGET_EXCEEDED,
    DEVELOPMENT,
    INSPECT_NOT_RUN_HERE,
    JAILED,
    NO_AGENT_PROCESS,
    PATIENCE_SPENT,
    READY,
    SERVICE_NOT_INSPECTED,
    TERMINATIONS,
    TURN_LIMIT,
    UNJAILED,
    USER_ERROR,
    DialogResult,
    RunSpec,
    Turn,
)
from eligibench.results.run_export import find_run, run_document
from eligibench.results.sanitize import UnstorableValue, clean_text
from eligibench.results.schema import SCHEMA_VERSION
from eligibench.results.store import ResultStore
from eligibench.results.usage import RunUsage, run_usage
from eligibench.results.vocabulary import (
    AVERAGE,
    CAUSE_WORDS,
    DATASET_REGISTRY,
    DATASETS,
    DEFAULT_EDITION,
    FAILURE_CAUSES,
    INFRA_ERROR,
    NO_PROTOCOL,
    TERMINATION_WORDS,
    V1_PROTOCOL,
    StoredProtocol,
    parse_protocol,
    run_status,
)

__all__ = [
    "DUCKDB_MAGIC",
    "check_store_path",
    "AUTHORS",
    "GROUND_TRUTH_TAB",
    "IDS_PANEL",
    "INTERVAL_NA_WORDS",
    "KIND_WORDS",
    "NOT_MEASURED",
    "SNAKE_WORDS",
    "SUPERSEDED",
    "USER_WORDS",
    "V1_POINTS",
    "DEVELOPMENT",
    "DATASET_REGISTRY",
    "INSPECT_NOT_RUN_HERE",
    "JAILED",
    "NO_AGENT_PROCESS",
    "UNJAILED",
    "AGENT_ERROR",
    "AVERAGE",
    "BUDGET_EXCEEDED",
    "CAUSE_WORDS",
    "DATASETS",
    "DEFAULT_EDITION",
    "DialogResult",
    "FAILURE_CAUSES",
    "HOUSEHOLDS",
    "INFRA_ERROR",
    "LEASE_S",
    "LabelChange",
    "LeaseLost",
    "METRICS",
    "Metric",
    "NO_PROTOCOL",
    "READY",
    "Reader",
    "ResultStore",
    "RunUsage",
    "RunSpec",
    "SERVICE_NOT_INSPECTED",
    "SchemaVersionError",
    "SnapshotSource",
    "StoreError",
    "StoreLockedError",
    "StoreSource",
    "StoredProtocol",
    "TERMINATIONS",
    "TERMINATION_WORDS",
    "run_status",
    "TURN_LIMIT",
    "PATIENCE_SPENT",
    "Turn",
    "USER_ERROR",
    "UnstorableValue",
    "V1_PROTOCOL",
    "clean_text",
    "code_hash",
    "columns",
    "connect",
    "export_results",
    "find_run",
    "metric",
    "open_source",
    "parse_protocol",
    "run_document",
    "run_id_for",
    "run_usage",
    "upload_results",
    "worker_id",
    "SCHEMA_VERSION",
    "EXPORT_CONFIGS",
    "schema",
]
