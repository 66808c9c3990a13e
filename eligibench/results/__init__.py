"""Results: every evaluation run in one DuckDB file (runs, dialogs, turns, predictions, metrics,
audits, the submission queue, the replicas that served each run).

Modules:
- `records`: what a run produces: `RunSpec`, `DialogResult`, `Turn`, termination reasons.
- `identity`: run ids (a hash of the RunSpec) and the submission code hash.
- `sanitize`: text cleaned and numbers checked before they are stored.
- `schema`: the tables, the schema version and migrations.
- `connection`: the one way to open the file (lock-aware retry), for writers and readers.
- `reading`: read-only SQL access for readers with their own queries (live file or Parquet snapshot).
- `vocabulary`: the store's words: datasets, terminations, failure causes, protocols.
- `catalogue`: the metric catalogue (name, label, scale, higher-is-better, datasets).
- `queue`: the submission queue; claims are leases (several workers, a crashed one's job returns).
- `queue_service`: the claim service: the store's machine serves the queue to workers on other machines.
- `queue_client`: a worker's side of the claim service.
- `run_transfer`: one run's rows between stores (a remote worker's scratch store and the store).
- `process`: the process tables (disclosed facts, process metrics, failure causes, answer checks).
- `store`: `ResultStore`: write and read runs.
- `export`: the store as a Hugging Face dataset folder (runs, metrics, dialogs, turns, predictions) and its upload.
- `run_export`: one stored run as a document (`find_run`, `run_document`): export-run and view.
"""
from eligibench.results.catalogue import METRICS, Metric, metric
from eligibench.results.connection import SchemaVersionError, StoreError, StoreLockedError, connect
from eligibench.results.identity import run_id_for
from eligibench.results.reading import Reader, SnapshotSource, StoreSource, open_source
from eligibench.results.records import TERMINATIONS, DialogResult, RunSpec, Turn
from eligibench.results.run_export import find_run, run_document
from eligibench.results.store import ResultStore
from eligibench.results.vocabulary import (
    AVERAGE,
    CAUSE_WORDS,
    DATASETS,
    DEFAULT_EDITION,
    FAILURE_CAUSES,
    INFRA_ERROR,
    NO_PROTOCOL,
    TERMINATION_WORDS,
    V1_PROTOCOL,
    StoredProtocol,
    parse_protocol,
)

__all__ = ["AVERAGE", "CAUSE_WORDS", "DATASETS", "DEFAULT_EDITION", "DialogResult", "FAILURE_CAUSES", "INFRA_ERROR", "METRICS", "Metric", "NO_PROTOCOL", "StoredProtocol", "Reader", "ResultStore", "RunSpec", "SchemaVersionError", "SnapshotSource", "StoreError", "StoreLockedError", "StoreSource", "TERMINATIONS", "TERMINATION_WORDS", "Turn", "V1_PROTOCOL", "connect", "find_run", "metric", "open_source", "parse_protocol", "run_document", "run_id_for"]
