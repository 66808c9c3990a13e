"""Runs whose agent failed in some dialogs (issue 36 item 1): counted, marked, never ranked.

A dialog that ends in the agent's error (an exception, a timeout, invalid output) is scored as
wrong, so a run with agent errors measures its crashes, not its questions. Such a run is never
ranked (threshold 0, docs/evaluation.md "Agent errors"): its Status reads "agent errors n/N" (n
dialogs of N), the "Agent errors" column holds n, and it is listed below the ranked runs with no
rank; the filter box's "Agent errors = 0" hides it.
"""
from __future__ import annotations

import pandas as pd

from eligibench.results import AGENT_ERROR, Reader, run_status

AGENT_ERRORS = "Agent errors"  # the board's column: dialogs that ended in the agent's error


def agent_error_counts(r: Reader) -> dict[str, tuple[int, int]]:
    """run id -> (dialogs that ended in the agent's error, dialogs stored)."""
    if r.empty or not r.has("dialogs"):
        return {}
    df = r.df(f"SELECT run_id, count(*) FILTER (WHERE termination = '{AGENT_ERROR}') AS n, count(*) AS total"
              " FROM dialogs GROUP BY run_id")
    return {run_id: (int(n), int(total)) for run_id, n, total in df.itertuples(index=False)}


agent_error_status = run_status  # a finished run with agent errors is not "done" but "agent errors n/N"


def has_agent_errors(table: pd.DataFrame) -> pd.Series:
    """Rows whose run had at least one dialog end in the agent's error."""
    return pd.to_numeric(table[AGENT_ERRORS], errors="coerce").fillna(0) > 0


def unranked_agent_errors(table: pd.DataFrame, protocol: str | None) -> pd.DataFrame:
    """The finished runs of one protocol that had agent errors: listed below the ranking, no rank."""
    out = table[has_agent_errors(table) & table["Status"].astype(str).str.startswith("agent errors ")]
    if protocol is not None:
        out = out[out["Protocol"] == protocol]
    out = out.copy()
    out["Rank"] = "unranked"
    return out.sort_values(AGENT_ERRORS, kind="stable").reset_index(drop=True)
