"""Simulator sensitivity (issue 31 item 4): one agent configuration's scores under each simulated
user it was run with, and their spread.

An agent configuration is (submission, run configuration, role models, code digest): the same agent
with the same models. Its newest finished run under each simulator (`runs.simulator`: the model, its
decoding settings and the grounded mode) is one row; only configurations with runs under two or more
simulators are listed. The spread is max - min of the configuration's TW-F1 over its simulators (in
points): how far the headline moves when only the simulated user changes. The simulator's weights
(from the protocol's `simulator_identity`) are shown so "the same simulator" can be checked; runs
before it was recorded show "not recorded".
"""
from __future__ import annotations

import json

import pandas as pd

from eligibench.results import metric
from leaderboard.queries.common import Reader, json_value, round_or_none, sanitize

TW, ATW, FAULTS = (metric(n).column("average") for n in ("turn_weighted_f1", "agent_turn_weighted_f1",
                                                           "simulator_fault_rate"))
SPREAD = f"{TW} spread across simulators"
SENSITIVITY_COLUMNS = ("Agent configuration", "Simulator", "Weights", TW, ATW, FAULTS, SPREAD, "Run")


def sensitivity(r: Reader) -> pd.DataFrame:
    """One row per (agent configuration, simulator) for configurations run under >= 2 simulators."""
    if r.empty or not r.has("runs", "metrics"):
        return pd.DataFrame(columns=list(SENSITIVITY_COLUMNS))
    cols = r.columns("runs")
    config = "coalesce(run_config, submission)" if "run_config" in cols else "submission"
    roles = "role_models" if "role_models" in cols else "NULL"
    proto = "protocol" if "protocol" in cols else "NULL"
    df = r.df(
        "WITH m AS (SELECT run_id,"
        "   max(value) FILTER (WHERE name = 'turn_weighted_f1') AS tw,"
        "   max(value) FILTER (WHERE name = 'agent_turn_weighted_f1') AS atw,"
        "   max(value) FILTER (WHERE name = 'simulator_fault_rate') AS faults"
        "   FROM metrics WHERE dataset = 'average' GROUP BY run_id)"
        f" SELECT r.run_id, r.submission, {config} AS config, {roles} AS roles,"
        "   coalesce(json_extract_string(r.extra, '$.code_sha256'), '') AS code, r.simulator, r.created_at,"
        f"   {proto} AS protocol, m.tw, m.atw, m.faults"
        " FROM runs r LEFT JOIN m USING (run_id) WHERE r.status = 'done'"
        " ORDER BY r.submission, config, r.simulator, r.created_at DESC, r.run_id")
    if df.empty:
        return pd.DataFrame(columns=list(SENSITIVITY_COLUMNS))
    # the agent's roles only: a run may list the simulator among its models
    df["roles"] = [json.dumps({k: v for k, v in (json_value(x) or {}).items() if k != "simulator"}, sort_keys=True)
                   if isinstance(json_value(x), dict) else "" for x in df.roles]
    df = df.drop_duplicates(["submission", "config", "roles", "code", "simulator"])  # the newest run of each
    sims = df.groupby(["submission", "config", "roles", "code"])["simulator"].transform("nunique")
    df = df[sims >= 2].reset_index(drop=True)
    if df.empty:
        return pd.DataFrame(columns=list(SENSITIVITY_COLUMNS))
    key = ["submission", "config", "roles", "code"]
    spread = df.groupby(key)["tw"].transform(lambda s: s.max() - s.min() if s.notna().sum() >= 2 else None)
    out = pd.DataFrame({
        "Agent configuration": [sanitize(c if c == s else f"{s} · {c}") for s, c in zip(df.submission, df.config)],
        "Simulator": [sanitize(s) for s in df.simulator],
        "Weights": [_weights(p) for p in df.protocol],
        TW: [round_or_none(v) for v in df.tw],
        ATW: [round_or_none(v) for v in df.atw],
        FAULTS: [round_or_none(v) for v in df.faults],
        SPREAD: [round_or_none(v) for v in spread],
        "Run": list(df.run_id),
    })
    return out


def _weights(protocol) -> str:
    p = json_value(protocol)
    ident = p.get("simulator_identity") if isinstance(p, dict) else None
    if not isinstance(ident, dict):
        return "not recorded"
    w = str(ident.get("weights", ""))
    return sanitize(w[:19] + "…" if w.startswith("sha256:") else w)


__all__ = ["SENSITIVITY_COLUMNS", "sensitivity"]
