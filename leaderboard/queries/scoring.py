"""The store read back for the board's own scoring views: the runs and dialogs behind the cost
panel (leaderboard/cost.py), a run's dialogs as `DialogResult` for the paired comparison
(leaderboard/paired.py), the figures of people's runs (leaderboard/human.py) and the newest run's
protocol (leaderboard/defaults.py). The SQL lives here, with every other query of the board; the
modules named above only compute and format."""
from __future__ import annotations

from typing import Any, Sequence

import pandas as pd

from eligibench.results import DialogResult, Reader, Turn

__all__ = ["HUMAN_STATUS", "cost_dialogs", "human_figures", "latest_protocol", "priced_runs",
           "run_protocols", "run_results"]

HUMAN_STATUS = "human"  # eligibench.evaluation.play.HUMAN: the status (and protocol kind) of a human run


def _rows(r: Reader, sql: str, params: Sequence[Any] = ()) -> list[tuple]:
    return r.con.execute(sql, list(params)).fetchall()  # plain Python values: NULL is None, not pandas NA


def priced_runs(r: Reader) -> list[tuple]:
    """Every run with an average turn-weighted F1, by run id (the cost panel's rows): (run_id,
    submission, agent_models JSON, simulator, protocol_id or None, the F1)."""
    if r.empty or not r.has("runs", "dialogs", "metrics"):
        return []
    proto = "r.protocol_id" if "protocol_id" in r.columns("runs") else "NULL"
    return _rows(r, "SELECT r.run_id, r.submission, r.agent_models, r.simulator, " + proto + ", m.value "
                 "FROM runs r JOIN metrics m USING (run_id) WHERE m.dataset = 'average' "
                 "AND m.name = 'turn_weighted_f1' AND m.value IS NOT NULL ORDER BY r.run_id")


def cost_dialogs(r: Reader) -> dict[str, list[DialogResult]]:
    """Every dialog with what pricing needs (termination, wall time, tokens), by run id."""
    if r.empty or not r.has("dialogs"):
        return {}
    out: dict[str, list[DialogResult]] = {}
    for (run_id, ds, row, trial, term, wall, ap, ac, up, uc) in _rows(
            r, "SELECT run_id, dataset, row_id, trial, termination, wall_s, agent_prompt_tokens, "
               "agent_completion_tokens, user_prompt_tokens, user_completion_tokens FROM dialogs"):
        out.setdefault(run_id, []).append(DialogResult(
            row, ds, trial, (), {}, {}, term, wall_s=wall or 0.0, agent_prompt_tokens=ap or 0,
            agent_completion_tokens=ac or 0, user_prompt_tokens=up or 0, user_completion_tokens=uc or 0))
    return out


def run_results(r: Reader, run_id: str) -> list[DialogResult]:
    """A run's dialogs as DialogResult, enough to score (turn texts are not read: only their count)."""
    if r.empty or not r.has("dialogs", "predictions"):
        return []
    turns = {}
    if r.has("turns"):
        for ds, row, trial, n in _rows(
                r, "SELECT dataset, row_id, trial, count(*) FROM turns WHERE run_id = ? GROUP BY ALL", [run_id]):
            turns[(ds, row, int(trial))] = int(n)
    preds: dict[tuple, dict] = {}
    labels: dict[tuple, dict] = {}
    for ds, row, trial, opp, pred, label in _rows(
            r, "SELECT dataset, row_id, trial, opportunity, predicted, label FROM predictions WHERE run_id = ?", [run_id]):
        key = (ds, row, int(trial))
        labels.setdefault(key, {})[opp] = bool(label)
        if pred is not None:
            preds.setdefault(key, {})[opp] = bool(pred)
    out = []
    for ds, row, trial, term, given in _rows(
            r, "SELECT dataset, row_id, trial, termination, predictions_given FROM dialogs WHERE run_id = ?", [run_id]):
        key = (ds, row, int(trial))
        out.append(DialogResult(row, ds, int(trial), tuple(Turn("", "") for _ in range(turns.get(key, 0))),
                                preds.get(key, {}) if given else None, labels.get(key, {}), term))
    return out


def run_protocols(r: Reader, run_a: str, run_b: str) -> dict[str, str | None]:
    """The protocol id of each of two runs ({} when the store records no protocols)."""
    if "protocol_id" not in r.columns("runs"):
        return {}
    return dict(_rows(r, "SELECT run_id, protocol_id FROM runs WHERE run_id IN (?, ?)", [run_a, run_b]))


def latest_protocol(r: Reader) -> str | None:
    """The protocol of the most recently created run (None without runs or protocols)."""
    if r.empty or not r.has("runs") or "protocol_id" not in r.columns("runs"):
        return None
    df = r.df("SELECT protocol_id FROM runs WHERE protocol_id IS NOT NULL ORDER BY created_at DESC, run_id LIMIT 1")
    return None if df.empty else str(df["protocol_id"].iloc[0])


def human_figures(r: Reader) -> pd.DataFrame | None:
    """One row per role people played, pooled over the human runs' stored average metrics (the
    widest interval of any participant as the row's); None when the store lacks the tables."""
    if r.empty or not r.has("runs", "metrics", "dialogs"):
        return None
    return r.df(
        "SELECT json_extract_string(r.extra, '$.play_role') AS role,"
        " count(DISTINCT json_extract_string(r.extra, '$.participant')) AS people,"
        " sum(m.value) FILTER (WHERE m.name = 'dialogs') AS n,"
        " avg(m.value) FILTER (WHERE m.name = 'accuracy') AS acc,"
        " min(m.ci_low) FILTER (WHERE m.name = 'accuracy') AS acc_lo, max(m.ci_high) FILTER (WHERE m.name = 'accuracy') AS acc_hi,"
        " avg(m.value) FILTER (WHERE m.name = 'f1') AS f1,"
        " min(m.ci_low) FILTER (WHERE m.name = 'f1') AS f1_lo, max(m.ci_high) FILTER (WHERE m.name = 'f1') AS f1_hi,"
        " avg(m.value) FILTER (WHERE m.name = 'turns') AS turns,"
        " avg(m.value) FILTER (WHERE m.name = 'wall_s_per_dialog') / 60 AS minutes"
        f" FROM runs r JOIN metrics m USING (run_id) WHERE r.status = '{HUMAN_STATUS}' AND m.dataset = 'average'"
        " GROUP BY role ORDER BY role")
