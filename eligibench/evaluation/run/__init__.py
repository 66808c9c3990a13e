"""Run orchestration: from params to stored dialogs.

`config` validates the `evaluate` params (run configurations: submission, a model spec per role,
options); `protocol` says what a run was evaluated under; `session.open_session` is THE evaluation
path (servers, models per role, agent factory, store, RunSpec); `runner` runs the dialogs
(resumable) into the store; `dialog_loop` is one dialog.

Modules:
- `model`: the run's data model: EvalConfig (what the user configured) -> ResolvedRun (what was resolved; holds the EvalConfig) -> RunSpec (its stored form, `run_identity`).
- `config`: the `evaluate` params, validated (`read_config`), and the rows a run uses.
- `protocol`: what a run was evaluated under (full / smoke / custom), the reference simulator, comparability.
- `seeds`: trial seeds derived from (seed, trial, role).
- `fault_reruns`: `--rerun-simulator-faults N`: a run's dialogs holding a simulator fault re-run with new simulator seeds, recorded.
- `simulator_identity`: the simulator's weights digest or Hub revision, quantization, sampling and prompt version, recorded in the protocol; its pin (what differs from the edition's reference) splits protocols.
- `dialog_loop`: one dialog: ask, answer, READY, PREDICT, termination reasons.
- `executors`: where dialogs execute: `LocalExecutor` (threads) or `RayExecutor` (Ray tasks on a cluster), one protocol.
- `ray_cluster`: what a cluster of several machines adds: joining only with Ray's token authentication, the agent's folder shipped in the object store.
- `runner`: a run over the datasets, resumable, into the store (the driver alone writes it).
- `resolve`: a run resolved once (`resolve_run`: rows, briefs, role specs, options, simulator, protocol, budget, seeds) and its identity (`run_identity`).
- `load`: `load_run`, the one way from params (a run configuration name, a submission folder or a manifest) to a ResolvedRun.
- `session`: THE evaluation path: servers, models per role, agent factory, store, RunSpec.
- `report`: what a finished run tells its researcher (terminations, first agent error, headline figures, store).
"""
from __future__ import annotations

from eligibench.evaluation.run.config import (
    dataset_totals,
    load_rows,
    read_config,
    subset_rows,
)
from eligibench.evaluation.run.dialog_loop import MAX_NOTES_CHARS, run_dialog
from eligibench.evaluation.run.executors import (
    EXECUTOR_REGISTRY,
    DialogsLost,
    Executor,
    LocalExecutor,
    RayExecutor,
    RayUnavailable,
    make_executor,
)
from eligibench.evaluation.run.load import load_config, load_run
from eligibench.evaluation.run.model import (
    EvalConfig,
    ExecutorConfig,
    ResolvedRun,
    RunConfig,
    SimulatorSetup,
)
from eligibench.evaluation.run.protocol import (
    PROTOCOL_REGISTRY,
    REFERENCE_SIMULATOR,
    DatasetUse,
    Protocol,
    comparable,
    is_reference,
    model_label,
    protocol_id,
    simulator_label,
)
from eligibench.evaluation.run.ray_cluster import require_token_auth
from eligibench.evaluation.run.report import FirstError, RunReport, run_report
from eligibench.evaluation.run.resolve import (
    IDENTITY_KEYS,
    load_briefs,
    published_rows,
    resolve_run,
    role_specs,
    run_identity,
    run_options,
    simulator_setup,
)
from eligibench.evaluation.run.runner import INCOMPLETE, RunIncomplete, evaluate
from eligibench.evaluation.run.seeds import AGENT, SIMULATOR, seed_table, trial_seed
from eligibench.evaluation.run.session import (
    DialogKit,
    Session,
    check_endpoints,
    open_session,
    run_submission,
    write_summary,
)

__all__ = ["EXECUTOR_REGISTRY", "PROTOCOL_REGISTRY", "AGENT", "DialogKit", "DialogsLost", "Executor", "ExecutorConfig", "LocalExecutor", "RayExecutor", "RayUnavailable", "make_executor", "DatasetUse", "EvalConfig", "FirstError", "IDENTITY_KEYS", "INCOMPLETE", "MAX_NOTES_CHARS", "Protocol", "REFERENCE_SIMULATOR", "ResolvedRun", "RunConfig", "RunIncomplete", "RunReport", "SIMULATOR", "Session", "SimulatorSetup", "check_endpoints", "comparable", "dataset_totals", "evaluate", "is_reference", "load_briefs", "load_config", "load_rows", "load_run", "model_label", "open_session", "protocol_id", "published_rows", "read_config", "require_token_auth", "resolve_run", "role_specs", "run_dialog", "run_identity", "run_options", "run_report", "run_submission", "seed_table", "simulator_label", "simulator_setup", "subset_rows", "trial_seed", "write_summary"]
