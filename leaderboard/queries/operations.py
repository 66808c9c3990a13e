"""The store's operations: the submission queue, the simulated users' figures, the faithfulness audits."""
from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Mapping

import pandas as pd

from eligibench.results import Reader
from leaderboard.queries.common import date_text, is_missing, json_value, round_or_none, sanitize

__all__ = ["Audit", "QUEUE_COLUMNS", "QUEUE_WORDS", "SIMULATOR_COLUMNS", "audits", "queue_table", "simulator_stats"]

QUEUE_COLUMNS = ("Id", "Submission", "Status", "Submitted", "Started", "Finished", "Reason")
# the store's queue statuses in the words a submitter expects
QUEUE_WORDS = {"queued": "pending", "running": "running", "done": "finished", "failed": "failed"}


def queue_table(r: Reader) -> pd.DataFrame:
    """The queue, newest first; no server paths (the unpack folder is not shown, reasons are sanitised)."""
    if r.empty or not r.has("queue"):
        return pd.DataFrame(columns=list(QUEUE_COLUMNS))
    df = r.df("SELECT id, submission, status, submitted_at, started_at, finished_at, error"
              " FROM queue ORDER BY id DESC")
    for c in ("submitted_at", "started_at", "finished_at"):
        df[c] = [date_text(v) for v in df[c]]
    df["status"] = [QUEUE_WORDS.get(v, v) for v in df["status"]]
    df["error"] = [sanitize(e) if not is_missing(e) else "" for e in df["error"]]
    df.columns = list(QUEUE_COLUMNS)
    return df


SIMULATOR_COLUMNS = ("Simulator", "Runs", "Dialogs", "Answers", "Answer latency (s)",
                     "Answer tokens", "Prompt tokens / answer", "Cached share %", "User errors",
                     "Faithful answers % (every turn)", "Contradicted answers")


def simulator_stats(r: Reader) -> pd.DataFrame:
    if r.empty or not r.has("runs", "dialogs", "turns"):
        return pd.DataFrame(columns=list(SIMULATOR_COLUMNS))
    # every free-form answer checked against the household after the run (issue 14)
    checks = ("SELECT run_id, count(*) FILTER (WHERE verdict = 'faithful') AS faithful,"
              " count(*) FILTER (WHERE verdict IN ('faithful', 'contradicted', 'dont_know')) AS judged,"
              " count(*) FILTER (WHERE verdict = 'contradicted') AS contradicted FROM simulator_checks GROUP BY run_id"
              if r.has("simulator_checks") else
              "SELECT NULL AS run_id, 0 AS faithful, 0 AS judged, 0 AS contradicted")
    df = r.df(
        "WITH t AS (SELECT run_id, count(*) AS answers, avg(answer_latency_s) AS latency,"
        "   avg(completion_tokens) AS answer_tokens, avg(prompt_tokens) AS prompt_tokens,"
        "   sum(cached_tokens) AS cached, sum(prompt_tokens) AS prompt_sum FROM turns GROUP BY run_id),"
        " d AS (SELECT run_id, count(*) AS dialogs,"
        "   count(*) FILTER (WHERE termination = 'user_error') AS user_errors FROM dialogs GROUP BY run_id),"
        f" c AS ({checks})"
        " SELECT r.simulator, count(DISTINCT r.run_id) AS runs, coalesce(sum(d.dialogs), 0) AS dialogs,"
        "  coalesce(sum(t.answers), 0) AS answers,"
        "  sum(t.latency * t.answers) / nullif(sum(t.answers), 0) AS latency,"
        "  sum(t.answer_tokens * t.answers) / nullif(sum(t.answers), 0) AS answer_tokens,"
        "  sum(t.prompt_tokens * t.answers) / nullif(sum(t.answers), 0) AS prompt_tokens,"
        "  100.0 * sum(t.cached) / nullif(sum(t.prompt_sum), 0) AS cached_share,"
        "  coalesce(sum(d.user_errors), 0) AS user_errors,"
        "  100.0 * sum(c.faithful) / nullif(sum(c.judged), 0) AS faithful, sum(c.contradicted) AS contradicted"
        " FROM runs r LEFT JOIN t USING (run_id) LEFT JOIN d USING (run_id) LEFT JOIN c USING (run_id)"
        " GROUP BY r.simulator ORDER BY r.simulator")
    df.columns = list(SIMULATOR_COLUMNS)
    for c in ("Answer latency (s)", "Answer tokens", "Prompt tokens / answer", "Cached share %",
              "Faithful answers % (every turn)"):
        df[c] = [round_or_none(v, 2) for v in df[c]]
    return df


@dataclass(frozen=True)
class Audit:
    simulator: str
    summary: Mapping[str, Any]
    source: str  # where it was read from
    created_at: str = ""


def _summary_from_row(row: Mapping[str, Any]) -> dict[str, Any]:
    """Best effort over an audit table whose exact columns are owned by the store."""
    for key in ("summary", "result", "results", "data", "value", "json"):
        if key in row:
            parsed = json_value(row[key])
            if isinstance(parsed, dict):
                return parsed
    out = {}
    for k, v in row.items():
        if k in ("simulator", "created_at", "recorded_at"):
            continue
        parsed = json_value(v) if isinstance(v, str) and v[:1] in "{[" else v
        out[k] = None if (not isinstance(parsed, (dict, list, str)) and pd.isna(parsed)) else parsed
    return out


def audits(r: Reader, audit_file: Path | None = None) -> list[Audit]:
    """Faithfulness audits: an ``audit`` table in the store, else the stage's JSON file."""
    found: list[Audit] = []
    if not r.empty and r.has("audit"):
        for row in r.df("SELECT * FROM audit").to_dict("records"):
            created = row.get("created_at") or row.get("recorded_at")
            found.append(Audit(str(row.get("simulator", "")), _summary_from_row(row), "store table `audit`",
                               date_text(created) if created is not None else ""))
    if not found and audit_file is not None and Path(audit_file).is_file():
        try:
            data = json.loads(Path(audit_file).read_text(encoding="utf-8"))
        except (OSError, ValueError):
            data = None
        items = data if isinstance(data, list) else [data] if isinstance(data, dict) else []
        for d in items:
            if isinstance(d, dict):
                found.append(Audit(str(d.get("simulator", "")), d, str(audit_file)))
    return found
