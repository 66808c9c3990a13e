"""The results store's tables (DDL), their columns, the schema version and its migrations."""
from __future__ import annotations

from typing import Callable

import duckdb

SCHEMA_VERSION = 6

QUEUE_STATUSES = ("queued", "running", "done", "failed")
# Conventional run statuses (not enforced): ensure_run creates runs as "running"; a run with
# dialogs lost to infrastructure errors ends "incomplete" (never ranked).
RUN_STATUSES = ("running", "done", "incomplete", "failed", "cancelled")

TABLES = ("meta", "runs", "dialogs", "turns", "predictions", "metrics", "queue", "audit",
          "turn_facts", "dialog_process", "pair_failures", "simulator_checks", "turn_notes",
          "run_replicas", "play_tlx", "gradings", "grading_changes", "run_households", "simulator_faults", "simulator_reruns",
          "persona_pairs", "recommendations", "priority_parts")
# pair_failures.cause: why a wrong (household, opportunity) prediction happened, first that applies
FAILURE_CAUSES = ("simulator_false_fact", "needed_fact_not_disclosed", "rule_misapplied")

DDL = [
    """CREATE TABLE IF NOT EXISTS meta (
        key VARCHAR PRIMARY KEY,
        value VARCHAR)""",
    """CREATE TABLE IF NOT EXISTS runs (
        run_id VARCHAR PRIMARY KEY,
        submission VARCHAR NOT NULL,
        agent_models JSON,
        simulator VARCHAR,
        params JSON,
        data_version VARCHAR,
        datasets JSON,
        trials INTEGER,
        extra JSON,
        created_at TIMESTAMP,
        status VARCHAR,
        run_config VARCHAR,
        role_models JSON,
        protocol_id VARCHAR,
        protocol JSON,
        isolation VARCHAR)""",
    """CREATE TABLE IF NOT EXISTS dialogs (
        run_id VARCHAR NOT NULL,
        dataset VARCHAR NOT NULL,
        row_id VARCHAR NOT NULL,
        trial INTEGER NOT NULL,
        termination VARCHAR NOT NULL,
        error VARCHAR,
        predictions_given BOOLEAN NOT NULL,
        wall_s DOUBLE,
        n_turns INTEGER,
        agent_calls BIGINT,
        agent_prompt_tokens BIGINT,
        agent_completion_tokens BIGINT,
        user_calls BIGINT,
        user_prompt_tokens BIGINT,
        user_completion_tokens BIGINT,
        user_cached_tokens BIGINT,
        finished_at TIMESTAMP,
        PRIMARY KEY (run_id, dataset, row_id, trial))""",
    """CREATE TABLE IF NOT EXISTS turns (
        run_id VARCHAR NOT NULL,
        dataset VARCHAR NOT NULL,
        row_id VARCHAR NOT NULL,
        trial INTEGER NOT NULL,
        idx INTEGER NOT NULL,
        question VARCHAR,
        answer VARCHAR,
        question_latency_s DOUBLE,
        answer_latency_s DOUBLE,
        prompt_tokens BIGINT,
        completion_tokens BIGINT,
        cached_tokens BIGINT,
        PRIMARY KEY (run_id, dataset, row_id, trial, idx))""",
    """CREATE TABLE IF NOT EXISTS predictions (
        run_id VARCHAR NOT NULL,
        dataset VARCHAR NOT NULL,
        row_id VARCHAR NOT NULL,
        trial INTEGER NOT NULL,
        opportunity VARCHAR NOT NULL,
        predicted BOOLEAN,
        label BOOLEAN,
        PRIMARY KEY (run_id, dataset, row_id, trial, opportunity))""",
    """CREATE TABLE IF NOT EXISTS metrics (
        run_id VARCHAR NOT NULL,
        dataset VARCHAR NOT NULL,
        name VARCHAR NOT NULL,
        value DOUBLE,
        ci_low DOUBLE,
        ci_high DOUBLE,
        PRIMARY KEY (run_id, dataset, name))""",
    """CREATE TABLE IF NOT EXISTS queue (
        id BIGINT PRIMARY KEY,
        submission VARCHAR NOT NULL,
        path VARCHAR,
        status VARCHAR NOT NULL CHECK (status IN ('queued', 'running', 'done', 'failed')),
        submitted_at TIMESTAMP,
        started_at TIMESTAMP,
        finished_at TIMESTAMP,
        error VARCHAR,
        worker VARCHAR,
        lease_until TIMESTAMP,
        attempts INTEGER DEFAULT 0)""",
    """CREATE TABLE IF NOT EXISTS audit (
        simulator VARCHAR NOT NULL,
        data_version VARCHAR NOT NULL,
        probes INTEGER,
        faithful INTEGER,
        faithful_pct DOUBLE,
        summary JSON,
        created_at TIMESTAMP,
        PRIMARY KEY (simulator, data_version))""",
    # The facts each answer disclosed: exact (grounded simulator: what it stated) or not (free-form:
    # estimated by the lexical selector run on question and answer).
    """CREATE TABLE IF NOT EXISTS turn_facts (
        run_id VARCHAR NOT NULL,
        dataset VARCHAR NOT NULL,
        row_id VARCHAR NOT NULL,
        trial INTEGER NOT NULL,
        idx INTEGER NOT NULL,
        fact_key VARCHAR NOT NULL,
        value JSON,
        exact BOOLEAN NOT NULL,
        PRIMARY KEY (run_id, dataset, row_id, trial, idx, fact_key))""",
    # Process metrics of one dialog (evaluation/scoring/process.py); exact = from exact disclosures.
    """CREATE TABLE IF NOT EXISTS dialog_process (
        run_id VARCHAR NOT NULL,
        dataset VARCHAR NOT NULL,
        row_id VARCHAR NOT NULL,
        trial INTEGER NOT NULL,
        needed_coverage DOUBLE,
        redundant_questions INTEGER,
        over_asked_facts INTEGER,
        premature_ready BOOLEAN,
        members_covered DOUBLE,
        oracle_questions INTEGER,
        turns_over_oracle INTEGER,
        exact BOOLEAN NOT NULL,
        PRIMARY KEY (run_id, dataset, row_id, trial))""",
    """CREATE TABLE IF NOT EXISTS pair_failures (
        run_id VARCHAR NOT NULL,
        dataset VARCHAR NOT NULL,
        row_id VARCHAR NOT NULL,
        trial INTEGER NOT NULL,
        opportunity VARCHAR NOT NULL,
        cause VARCHAR NOT NULL CHECK (cause IN ('simulator_false_fact', 'needed_fact_not_disclosed', 'rule_misapplied')),
        PRIMARY KEY (run_id, dataset, row_id, trial, opportunity))""",
    # Each simulator answer checked against the household (evaluation/user/answer_check.py verdicts).
    """CREATE TABLE IF NOT EXISTS simulator_checks (
        run_id VARCHAR NOT NULL,
        dataset VARCHAR NOT NULL,
        row_id VARCHAR NOT NULL,
        trial INTEGER NOT NULL,
        idx INTEGER NOT NULL,
        verdict VARCHAR NOT NULL,
        detail VARCHAR,
        PRIMARY KEY (run_id, dataset, row_id, trial, idx))""",
    # Which replica endpoints served a run's model calls (models/replicas.py), summed over every
    # session of the run (a resumed run adds to it); out/error: the replica's state at the last one.
    """CREATE TABLE IF NOT EXISTS run_replicas (
        run_id VARCHAR NOT NULL,
        model VARCHAR NOT NULL,
        endpoint VARCHAR NOT NULL,
        roles JSON,
        calls BIGINT NOT NULL,
        failures BIGINT NOT NULL,
        out BOOLEAN NOT NULL,
        error VARCHAR,
        PRIMARY KEY (run_id, model, endpoint))""",
    # Study mode (evaluation/play/study.py): a person's NASA-TLX ratings after each played dialog,
    # {item: 0-100} JSON, one row per dialog of a human run.
    """CREATE TABLE IF NOT EXISTS play_tlx (
        run_id VARCHAR NOT NULL,
        dataset VARCHAR NOT NULL,
        row_id VARCHAR NOT NULL,
        answers JSON NOT NULL,
        PRIMARY KEY (run_id, dataset, row_id))""",
    # What an agent chose to show beside each question (the optional Agent.notes() hook): ProADA's
    # programs and facts, ReAct's thought. JSON, capped in size by the dialog loop.
    """CREATE TABLE IF NOT EXISTS turn_notes (
        run_id VARCHAR NOT NULL,
        dataset VARCHAR NOT NULL,
        row_id VARCHAR NOT NULL,
        trial INTEGER NOT NULL,
        idx INTEGER NOT NULL,
        notes JSON,
        PRIMARY KEY (run_id, dataset, row_id, trial, idx))""",
    # Version 5, issue 31 item 2 (evaluation/scoring/simulator_faults.py): pairs a faulty simulator
    # answer touched (answer-check verdict contradicted / dont_know on a fact the pair needs); wrong:
    # the agent got the pair wrong, so it is a simulator fault. All of them are voided in agent_* scores.
    """CREATE TABLE IF NOT EXISTS simulator_faults (
        run_id VARCHAR NOT NULL,
        dataset VARCHAR NOT NULL,
        row_id VARCHAR NOT NULL,
        trial INTEGER NOT NULL,
        opportunity VARCHAR NOT NULL,
        idx INTEGER NOT NULL,
        fact_key VARCHAR NOT NULL,
        verdict VARCHAR NOT NULL,
        wrong BOOLEAN NOT NULL,
        PRIMARY KEY (run_id, dataset, row_id, trial, opportunity))""",
    # Version 5, issue 31 item 2: `evaluate --rerun-simulator-faults N`: each re-run of a faulty
    # dialog with a new simulator seed (attempt 1..N) and its outcome (simulator faults left, F1 of
    # the re-run dialog's pairs in percent). The run's own dialogs and scores are not replaced.
    """CREATE TABLE IF NOT EXISTS simulator_reruns (
        run_id VARCHAR NOT NULL,
        dataset VARCHAR NOT NULL,
        row_id VARCHAR NOT NULL,
        trial INTEGER NOT NULL,
        attempt INTEGER NOT NULL,
        seed BIGINT NOT NULL,
        termination VARCHAR,
        faults INTEGER,
        correct INTEGER,
        pairs INTEGER,
        created_at TIMESTAMP,
        PRIMARY KEY (run_id, dataset, row_id, trial, attempt))""",
    # Version 5, issue 31 item 1 (results/gradings.py, evaluation/regrade/): each grading of a run:
    # 1 when it was evaluated, 2.. by `benyfits regrade`; ground_truth: the digest of the checkers and
    # requirement texts that graded it (NULL: not recorded, runs before version 5); metrics: that
    # grading's metric rows as JSON (the `metrics` table holds the newest); bootstrap: its n_boot.
    """CREATE TABLE IF NOT EXISTS gradings (
        run_id VARCHAR NOT NULL,
        grading INTEGER NOT NULL,
        ground_truth VARCHAR,
        edition VARCHAR,
        bootstrap INTEGER,
        changed INTEGER,
        metrics JSON,
        created_at TIMESTAMP,
        PRIMARY KEY (run_id, grading))""",
    # Version 5, issue 31 item 1: every pair whose label a regrade changed (old: the previous grading's).
    """CREATE TABLE IF NOT EXISTS grading_changes (
        run_id VARCHAR NOT NULL,
        grading INTEGER NOT NULL,
        dataset VARCHAR NOT NULL,
        row_id VARCHAR NOT NULL,
        trial INTEGER NOT NULL,
        opportunity VARCHAR NOT NULL,
        predicted BOOLEAN,
        old_label BOOLEAN,
        new_label BOOLEAN,
        PRIMARY KEY (run_id, grading, dataset, row_id, trial, opportunity))""",
    # Version 5, issue 31 item 1: the household of every row a run evaluated (v1 JSON), so a regrade
    # runs the checkers on exactly what the dialogs were about, whatever the published folder holds now.
    """CREATE TABLE IF NOT EXISTS run_households (
        run_id VARCHAR NOT NULL,
        dataset VARCHAR NOT NULL,
        row_id VARCHAR NOT NULL,
        household JSON NOT NULL,
        PRIMARY KEY (run_id, dataset, row_id))""",
    # Version 5, issue 32: the pairs a persona run's user could not reveal (a needed fact its persona
    # cannot tell): reported apart, never scored against the agent (evaluation/scoring/realism.py).
    """CREATE TABLE IF NOT EXISTS persona_pairs (
        run_id VARCHAR NOT NULL,
        dataset VARCHAR NOT NULL,
        row_id VARCHAR NOT NULL,
        opportunity VARCHAR NOT NULL,
        persona VARCHAR NOT NULL,
        PRIMARY KEY (run_id, dataset, row_id, opportunity))""",
    # Version 6 (priorities track): the one program the agent says the household should apply to
    # first (the optional Agent.recommend hook): an opportunity id of the dialog or "none"; no row
    # when the agent made no recommendation (evaluation/scoring/priorities.py).
    """CREATE TABLE IF NOT EXISTS recommendations (
        run_id VARCHAR NOT NULL,
        dataset VARCHAR NOT NULL,
        row_id VARCHAR NOT NULL,
        trial INTEGER NOT NULL,
        recommendation VARCHAR NOT NULL,
        PRIMARY KEY (run_id, dataset, row_id, trial))""",
    # Version 6 (priorities track): per scored dialog, the parts its priorities figures are summed from
    # (evaluation/scoring/priorities.py PARTS), so the board ranks runs without the household rows.
    """CREATE TABLE IF NOT EXISTS priority_parts (
        run_id VARCHAR NOT NULL,
        dataset VARCHAR NOT NULL,
        row_id VARCHAR NOT NULL,
        trial INTEGER NOT NULL,
        wtp DOUBLE, wfp DOUBLE, wfn DOUBLE, rec_hit DOUBLE, rec_n DOUBLE, rec_made DOUBLE,
        give_sum DOUBLE, give_n DOUBLE, used_sum DOUBLE, spent DOUBLE, used_n DOUBLE,
        PRIMARY KEY (run_id, dataset, row_id, trial))""",
]

DIALOG_COLS = (
    "run_id", "dataset", "row_id", "trial", "termination", "error", "predictions_given", "wall_s",
    "n_turns", "agent_calls", "agent_prompt_tokens", "agent_completion_tokens", "user_calls",
    "user_prompt_tokens", "user_completion_tokens", "user_cached_tokens", "finished_at",
)
TURN_COLS = (
    "run_id", "dataset", "row_id", "trial", "idx", "question", "answer", "question_latency_s",
    "answer_latency_s", "prompt_tokens", "completion_tokens", "cached_tokens",
)
PRED_COLS = ("run_id", "dataset", "row_id", "trial", "opportunity", "predicted", "label")
NOTE_COLS = ("run_id", "dataset", "row_id", "trial", "idx", "notes")
RECOMMENDATION_COLS = ("run_id", "dataset", "row_id", "trial", "recommendation")
PRIORITY_PART_COLS = ("run_id", "dataset", "row_id", "trial", "wtp", "wfp", "wfn", "rec_hit", "rec_n", "rec_made",
                      "give_sum", "give_n", "used_sum", "spent", "used_n")
TURN_FACT_COLS = ("run_id", "dataset", "row_id", "trial", "idx", "fact_key", "value", "exact")
PROCESS_COLS = ("run_id", "dataset", "row_id", "trial", "needed_coverage", "redundant_questions",
                 "over_asked_facts", "premature_ready", "members_covered", "oracle_questions",
                 "turns_over_oracle", "exact")
FAILURE_COLS = ("run_id", "dataset", "row_id", "trial", "opportunity", "cause")
CHECK_COLS = ("run_id", "dataset", "row_id", "trial", "idx", "verdict", "detail")
FAULT_COLS = ("run_id", "dataset", "row_id", "trial", "opportunity", "idx", "fact_key", "verdict", "wrong")
RERUN_COLS = ("run_id", "dataset", "row_id", "trial", "attempt", "seed", "termination", "faults", "correct", "pairs",
              "created_at")
PERSONA_PAIR_COLS = ("run_id", "dataset", "row_id", "opportunity", "persona")
JSON_RUN_COLS = ("agent_models", "params", "datasets", "extra", "role_models", "protocol")


# Version 2 (2026-11): runs record their configuration and protocol; the grounded simulator's
# disclosed facts, process metrics, failure causes and answer checks; agents' notes per turn.
V2_RUN_COLUMNS = (("run_config", "VARCHAR"), ("role_models", "JSON"), ("protocol_id", "VARCHAR"), ("protocol", "JSON"))


def _v1_to_v2(con: duckdb.DuckDBPyConnection) -> None:
    for column, kind in V2_RUN_COLUMNS:
        con.execute(f"ALTER TABLE runs ADD COLUMN IF NOT EXISTS {column} {kind}")
    for ddl in DDL:  # every statement is CREATE TABLE IF NOT EXISTS: only the new tables are made
        con.execute(ddl)


# Version 3 (2026-11, issue 25): queue leases (worker, lease_until, attempts: a crashed worker's
# job returns to the queue when its lease expires) and the replicas that served each run.
V3_QUEUE_COLUMNS = (("worker", "VARCHAR"), ("lease_until", "TIMESTAMP"), ("attempts", "INTEGER DEFAULT 0"))


def _v2_to_v3(con: duckdb.DuckDBPyConnection) -> None:
    for column, kind in V3_QUEUE_COLUMNS:
        con.execute(f"ALTER TABLE queue ADD COLUMN IF NOT EXISTS {column} {kind}")
    for ddl in DDL:
        con.execute(ddl)


# Version 4 (2026-11, issue 29): how a run's agents were isolated (records.ISOLATIONS: "bubblewrap",
# or "none (reference agent)" when a reference agent ran without the jail); NULL: not recorded
# (runs before version 4).
V4_RUN_COLUMNS = (("isolation", "VARCHAR"),)


def _v3_to_v4(con: duckdb.DuckDBPyConnection) -> None:
    for column, kind in V4_RUN_COLUMNS:
        con.execute(f"ALTER TABLE runs ADD COLUMN IF NOT EXISTS {column} {kind}")


# Version 5 (2026-11, issues 31-36): additive only (new tables in DDL, new nullable columns
# here); each feature lists what it added.
# Issue 31 item 2: tables simulator_faults and simulator_reruns (made by the DDL loop below).
V5_RUN_COLUMNS: tuple[tuple[str, str], ...] = ()


def _v4_to_v5(con: duckdb.DuckDBPyConnection) -> None:
    for column, kind in V5_RUN_COLUMNS:
        con.execute(f"ALTER TABLE runs ADD COLUMN IF NOT EXISTS {column} {kind}")
    for ddl in DDL:  # CREATE TABLE IF NOT EXISTS: only the new tables are made
        con.execute(ddl)


# Version 6 (2026-11, the priorities track): tables recommendations and priority_parts (made by the
# DDL loop); additive.
def _v5_to_v6(con: duckdb.DuckDBPyConnection) -> None:
    for ddl in DDL:  # CREATE TABLE IF NOT EXISTS: only the new tables are made
        con.execute(ddl)


# MIGRATIONS[v] upgrades a file from version v to v + 1 inside the writer's transaction.
MIGRATIONS: dict[int, Callable[[duckdb.DuckDBPyConnection], None]] = {1: _v1_to_v2, 2: _v2_to_v3, 3: _v3_to_v4, 4: _v4_to_v5,
                                                                      5: _v5_to_v6}
