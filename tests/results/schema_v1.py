"""Test helper: turn a current results file into one as version 1 wrote it (before run
configurations, protocols, facts and process metrics), to test migrations and old-store reads."""
from __future__ import annotations

from pathlib import Path

import duckdb

from eligibench.results import schema

V2_TABLES = ("turn_facts", "dialog_process", "pair_failures", "simulator_checks", "turn_notes")
V3_TABLES = ("run_replicas",)


def as_schema_v3(path: Path) -> None:
    """A current file as version 3 wrote it (before runs recorded their isolation)."""
    con = duckdb.connect(str(path))
    try:
        for column, _ in schema.V4_RUN_COLUMNS:
            con.execute(f"ALTER TABLE runs DROP COLUMN IF EXISTS {column}")
        con.execute("UPDATE meta SET value = '3' WHERE key = 'schema_version'")
    finally:
        con.close()


def as_schema_v2(path: Path) -> None:
    """A current file as version 2 wrote it (before queue leases and run replicas)."""
    as_schema_v3(path)
    con = duckdb.connect(str(path))
    try:
        for column, _ in schema.V3_QUEUE_COLUMNS:
            con.execute(f"ALTER TABLE queue DROP COLUMN IF EXISTS {column}")
        for table in V3_TABLES:
            con.execute(f"DROP TABLE IF EXISTS {table}")
        con.execute("UPDATE meta SET value = '2' WHERE key = 'schema_version'")
    finally:
        con.close()


def as_schema_v1(path: Path) -> None:
    as_schema_v2(path)
    con = duckdb.connect(str(path))
    try:
        for column, _ in schema.V2_RUN_COLUMNS:
            con.execute(f"ALTER TABLE runs DROP COLUMN IF EXISTS {column}")
        for table in V2_TABLES:
            con.execute(f"DROP TABLE IF EXISTS {table}")
        con.execute("UPDATE meta SET value = '1' WHERE key = 'schema_version'")
    finally:
        con.close()
