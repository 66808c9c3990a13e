"""The Priorities view: the priorities track's figures of every run evaluated under a patience
(docs/priorities.md): priority-weighted F1, recommendation match and give-up match, each with its
95% household-bootstrap interval (stored with the run's metrics) and its rank range among the
runs of the same protocol, computed here from the per-dialog parts the run stored (table
`priority_parts`) with the same household draws for every run (`scoring.rank_ranges_from_parts`);
and the questions used against patience. Labels from the metric catalogue."""
from __future__ import annotations

from typing import Any

import pandas as pd

from eligibench.evaluation.scoring import matrix_from_part_rows, rank_ranges_from_parts
from eligibench.results import metric

RANKED = ("priority_weighted_f1", "recommendation_match", "give_up_match")
PATIENCE = "patience_used"
N_BOOT = 1000


def _ci(name: str) -> str:
    return f"{metric(name).label} 95% CI"


def _rank(name: str) -> str:
    return f"{metric(name).label} rank"


PRIORITIES_COLUMNS = ("submission", "run config", "protocol", "run", "households",
                      *(c for n in RANKED for c in (metric(n).label, _ci(n), _rank(n))), metric(PATIENCE).label)


def priorities(r: Any) -> pd.DataFrame:
    """One row per finished run with priorities figures, grouped by protocol, best weighted F1 first."""
    empty = pd.DataFrame(columns=list(PRIORITIES_COLUMNS))
    if r.empty or not r.has("runs", "metrics", "priority_parts"):
        return empty
    proto = "r.protocol_id" if "protocol_id" in r.columns("runs") else "NULL"
    runs = r.df(f"SELECT DISTINCT r.run_id, r.submission, r.run_config, {proto} AS protocol_id FROM runs r "
                "JOIN metrics m USING (run_id) WHERE r.status = 'done' AND m.dataset = 'average' "
                "AND m.name = 'priority_weighted_f1' ORDER BY r.run_id").to_dict("records")
    if not runs:
        return empty
    out = []
    for protocol in sorted({str(x["protocol_id"]) for x in runs}):
        group = [x for x in runs if str(x["protocol_id"]) == protocol]
        mats = {x["run_id"]: matrix_from_part_rows(r.con.execute(
            "SELECT dataset, row_id, trial, wtp, wfp, wfn, rec_hit, rec_n, rec_made, give_sum, give_n, used_sum, "
            "spent, used_n FROM priority_parts WHERE run_id = ? ORDER BY dataset, row_id, trial",
            [x["run_id"]]).fetchall()) for x in group}
        ranks = rank_ranges_from_parts(mats, N_BOOT)
        for x in group:
            ms = {m["name"]: m for m in r.df("SELECT name, value, ci_low, ci_high FROM metrics WHERE run_id = ? "
                                             "AND dataset = 'average'", [x["run_id"]]).to_dict("records")}
            line = {"submission": x["submission"], "run config": x["run_config"] or "", "protocol": protocol,
                    "run": x["run_id"], "households": sum(len(d) for d in mats[x["run_id"]].values())}
            for name in (*RANKED, PATIENCE):
                m = ms.get(name)
                line[metric(name).label] = None if m is None or pd.isna(m["value"]) else round(float(m["value"]), 1)
                if name in RANKED:
                    line[_ci(name)] = ("" if m is None or pd.isna(m["ci_low"])
                                       else f"[{float(m['ci_low']):.1f}, {float(m['ci_high']):.1f}]")
                    rank = ranks.get(name, {}).get(x["run_id"])
                    line[_rank(name)] = f"{rank.text} of {len(ranks.get(name, {}))}" if rank else ""
            out.append(line)
    df = pd.DataFrame(out, columns=list(PRIORITIES_COLUMNS))
    return df.sort_values(["protocol", metric("priority_weighted_f1").label], ascending=[True, False],
                          na_position="last").reset_index(drop=True)
