"""What a run used and got right, read for pricing: every run's dialogs (termination, wall time,
tokens), its correct verdicts per dialog and its average turn-weighted F1. The one reader behind
`benyfits cost` and the board's cost table (issue 36 item 4: one cost figure), through any
`Reader` (the live file or a Parquet snapshot)."""
from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from eligibench.results.reading import Reader
from eligibench.results.records import DialogResult

DialogKey = tuple[str, str, int]


@dataclass(frozen=True)
class RunUsage:
    run_id: str
    submission: str  # the run configuration's name when recorded, else the submission
    protocol_id: str | None
    status: str | None
    agent_models: Mapping[str, str] | None
    simulator: str | None
    tw_f1: float | None  # average turn-weighted F1 (None: not scored)
    dialogs: tuple[DialogResult, ...]  # usage only: no turns, predictions or labels
    correct: Mapping[DialogKey, int]  # (dataset, row_id, trial) -> pairs whose prediction equals the label


def _json(v: Any) -> Any:
    return json.loads(v) if isinstance(v, str) else v


def run_usage(r: Reader) -> list[RunUsage]:
    """Every run of the store, by run id."""
    if r.empty or not r.has("runs"):
        return []
    cols = r.columns("runs")
    proto = "r.protocol_id" if "protocol_id" in cols else "NULL"
    name = "coalesce(r.run_config, r.submission)" if "run_config" in cols else "r.submission"
    tw = ("(SELECT m.value FROM metrics m WHERE m.run_id = r.run_id AND m.dataset = 'average'"
          " AND m.name = 'turn_weighted_f1')") if r.has("metrics") else "NULL"
    runs = r.con.execute(f"SELECT r.run_id, {name}, {proto}, r.status, r.agent_models, r.simulator, {tw}"
                         " FROM runs r ORDER BY r.run_id").fetchall()
    dialogs: dict[str, list[DialogResult]] = {}
    if r.has("dialogs"):
        for (run_id, ds, row, trial, term, wall, ap, ac, up, uc) in r.con.execute(
                "SELECT run_id, dataset, row_id, trial, termination, wall_s, agent_prompt_tokens, agent_completion_tokens,"
                " user_prompt_tokens, user_completion_tokens FROM dialogs ORDER BY run_id, dataset, row_id, trial").fetchall():
            dialogs.setdefault(run_id, []).append(DialogResult(
                row, ds, int(trial), (), {}, {}, term, wall_s=wall or 0.0, agent_prompt_tokens=ap or 0,
                agent_completion_tokens=ac or 0, user_prompt_tokens=up or 0, user_completion_tokens=uc or 0))
    correct: dict[str, dict[DialogKey, int]] = {}
    if r.has("predictions"):
        for run_id, ds, row, trial, n in r.con.execute(
                "SELECT run_id, dataset, row_id, trial, count(*) FILTER (WHERE predicted IS NOT NULL AND predicted = label)"
                " FROM predictions GROUP BY ALL").fetchall():
            correct.setdefault(run_id, {})[(ds, row, int(trial))] = int(n)
    return [RunUsage(run_id, str(sub), pid, status, _json(agents), simulator, None if tw is None else float(tw),
                     tuple(dialogs.get(run_id, ())), correct.get(run_id, {}))
            for run_id, sub, pid, status, agents, simulator, tw in runs]
