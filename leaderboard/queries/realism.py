"""The realism track (issue 32): one agent configuration under the cooperative simulated user and
under personas, side by side, with the paired drop.

Runs belong together when they share the submission, the run configuration and the protocol in
every field but the persona (and the simulator label's " persona:<name>" suffix). Per group, the
newest finished run per persona; each persona run is compared with the cooperative run on the same
households, with the persona's undeterminable pairs (table `persona_pairs`) left out of both, so the
agent is never blamed for what no question could reveal (`evaluation.scoring.realism`). Beside
each drop, the persona's share of the pairs it leaves determinable: a persona hiding more of the
task is scored on less of it, which its drop alone does not say. The drop and the share are
`scoring.persona_drop`'s, as `benyfits compare` prints them for two persona runs.
"""
from __future__ import annotations

import json
from typing import Any

import pandas as pd

from eligibench.evaluation.scoring import PERSONA_PROCESS, persona_drop, protocol_persona, protocol_without_persona
from leaderboard.queries.labels import TW_F1
from leaderboard.queries.scoring import run_results

REALISM_COLUMNS = ("submission", "run config", "persona", "run", "households", "undeterminable pairs", "F1",
                   "F1 determinable", "determinable pairs %", "F1 drop", "F1 drop 95% CI", f"{TW_F1} drop", "explained before sensitive %",
                   "clarifications answered %", "questions split %")
N_BOOT = 1000


def _protocol(row: dict[str, Any]) -> Any:
    proto = row["protocol"]
    return json.loads(proto) if isinstance(proto, str) else proto


def _group_key(row: dict[str, Any]) -> tuple[str, str, str] | None:
    proto = _protocol(row)
    if not isinstance(proto, dict):
        return None
    return (str(row["submission"]), str(row["run_config"] or ""),
            json.dumps(protocol_without_persona(proto), sort_keys=True))


def _persona(row: dict[str, Any]) -> str:
    return protocol_persona(_protocol(row))


def _metrics(r: Any, run_id: str) -> dict[str, float]:
    df = r.df("SELECT name, value FROM metrics WHERE run_id = ? AND dataset = 'average'", [run_id])
    return {str(n): float(v) for n, v in zip(df["name"], df["value"]) if v is not None}


def _pairs(r: Any, run_id: str) -> set[tuple[str, str, str]]:
    if not r.has("persona_pairs"):
        return set()
    df = r.df("SELECT dataset, row_id, opportunity FROM persona_pairs WHERE run_id = ?", [run_id])
    return {(str(d), str(i), str(o)) for d, i, o in zip(df["dataset"], df["row_id"], df["opportunity"])}


def _pct(v: float | None) -> float | None:
    return None if v is None else round(100 * v, 1)


def realism(r: Any) -> pd.DataFrame:
    """One row per persona run that has a cooperative partner (the cooperative run first)."""
    if r.empty or not r.has("runs", "metrics") or "protocol" not in r.columns("runs"):
        return pd.DataFrame(columns=list(REALISM_COLUMNS))
    runs = r.df("SELECT run_id, submission, run_config, protocol, created_at FROM runs WHERE status = 'done' "
                "ORDER BY created_at DESC, run_id").to_dict("records")
    groups: dict[tuple, dict[str, dict]] = {}
    for row in runs:
        key = _group_key(row)
        if key is not None:
            groups.setdefault(key, {}).setdefault(_persona(row), row)  # newest first: keep the first seen
    out = []
    for (submission, config, _), by_persona in sorted(groups.items(), key=lambda kv: kv[0][:2]):
        coop = by_persona.get("cooperative")
        if coop is None or len(by_persona) < 2:
            continue
        coop_results = run_results(r, coop["run_id"])
        for persona, row in sorted(by_persona.items(), key=lambda kv: (kv[0] != "cooperative", kv[0])):
            m = _metrics(r, row["run_id"])
            line = {"submission": submission, "run config": config, "persona": persona, "run": row["run_id"],
                    "F1": round(m["f1"], 1) if "f1" in m else None,
                    "F1 determinable": round(m.get("determinable_f1", m.get("f1", float("nan"))), 1),
                    "undeterminable pairs": int(m.get("undeterminable_pairs", 0))}
            line |= {k: _pct(m.get(p)) for k, p in zip(REALISM_COLUMNS[-3:], PERSONA_PROCESS)}
            if persona == "cooperative":
                line["determinable pairs %"] = 100.0
            else:
                drop = persona_drop(coop_results, run_results(r, row["run_id"]), _pairs(r, coop["run_id"]),
                                    _pairs(r, row["run_id"]), N_BOOT)
                f1, tw = drop.comparison.differences["f1"], drop.comparison.differences["turn_weighted_f1"]
                line |= {"households": drop.comparison.households, "F1 drop": round(f1.diff, 1),
                         "determinable pairs %": _pct(drop.determinable_share("persona")),
                         "F1 drop 95% CI": f"[{f1.ci[0]:.1f}, {f1.ci[1]:.1f}]", f"{TW_F1} drop": round(tw.diff, 1)}
            out.append(line)
    return pd.DataFrame(out, columns=list(REALISM_COLUMNS))
