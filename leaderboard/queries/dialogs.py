"""Runs, dialogs and transcripts of one run (the Dialogs and Compare tabs), and a run's export."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import pandas as pd

from eligibench.results import CAUSE_WORDS, FAILURE_CAUSES, TERMINATION_WORDS, Reader
from leaderboard.protocol_words import user_words
from leaderboard.queries.common import date_text, is_missing, json_value, plain_value, sanitize, table_records

__all__ = ["CAUSE_WORDS", "DIALOG_COLUMNS", "FAILURE_CAUSES", "DialogFilter", "dialog_facets", "dialog_key",
           "dialog_list", "parse_dialog_key", "run_choices", "run_export", "shared_dialogs", "transcript"]

def run_choices(r: Reader) -> list[tuple[str, str]]:
    """(label, run_id) for every run, newest first; the label names the configuration (the
    submission when none was recorded), the simulated user in words and when it ran, never the run
    id (a hash; the board's ids panel has it). Two runs that would read the same are numbered."""
    if r.empty or not r.has("runs"):
        return []
    config = "coalesce(run_config, submission)" if "run_config" in r.columns("runs") else "submission"
    df = r.df(f"SELECT run_id, {config} AS name, simulator, created_at, status FROM runs"
              " ORDER BY created_at DESC, run_id")
    out, seen = [], {}
    for x in df.itertuples(index=False):
        label = f"{x.name} · {user_words(x.simulator)} · {date_text(x.created_at)}" + (
            "" if x.status == "done" else f" ({x.status})")
        seen[label] = seen.get(label, 0) + 1
        out.append((label if seen[label] == 1 else f"{label} #{seen[label]}", x.run_id))
    return out


DIALOG_COLUMNS = ("Dataset", "Household", "Trial", "Termination", "Questions", "Correct", "Pairs", "Wrong",
                  "Failure causes", "Error")
@dataclass(frozen=True)
class DialogFilter:
    wrong_only: bool = False
    opportunity: str | None = None  # dialogs that include it (with wrong_only: got it wrong)
    termination: str | None = None
    cause: str | None = None  # a pair_failures cause


def dialog_list(r: Reader, run_id: str, f: DialogFilter = DialogFilter()) -> pd.DataFrame:
    if r.empty or not r.has("dialogs", "predictions") or not run_id:
        return pd.DataFrame(columns=list(DIALOG_COLUMNS))
    causes = r.has("pair_failures")
    cause_sql = ("(SELECT string_agg(DISTINCT cause, ', ' ORDER BY cause) FROM pair_failures pf"
                 " WHERE pf.run_id = d.run_id AND pf.dataset = d.dataset AND pf.row_id = d.row_id"
                 " AND pf.trial = d.trial)") if causes else "NULL"
    wrong = "p.label IS NOT NULL AND p.predicted IS DISTINCT FROM p.label"
    # parameters in SQL order: WHERE (run, termination, cause), then HAVING (opportunity)
    where, params = ["d.run_id = ?"], [run_id]
    if f.termination:
        where.append("d.termination = ?")
        params.append(f.termination)
    if f.cause:
        if not causes:
            return pd.DataFrame(columns=list(DIALOG_COLUMNS))
        where.append("EXISTS (SELECT 1 FROM pair_failures pf WHERE pf.run_id = d.run_id AND pf.dataset = d.dataset"
                     " AND pf.row_id = d.row_id AND pf.trial = d.trial AND pf.cause = ?)")
        params.append(f.cause)
    having = []
    if f.wrong_only:
        having.append(f"count(*) FILTER (WHERE {wrong}"
                      + (" AND p.opportunity = ?" if f.opportunity else "") + ") > 0")
    elif f.opportunity:
        having.append("count(*) FILTER (WHERE p.opportunity = ?) > 0")
    if f.opportunity:
        params.append(f.opportunity)
    df = r.df(
        "SELECT d.dataset, d.row_id, d.trial, d.termination, d.n_turns,"
        " count(p.opportunity) FILTER (WHERE p.label IS NOT NULL"
        "   AND p.predicted IS NOT DISTINCT FROM p.label) AS correct,"
        " count(p.opportunity) FILTER (WHERE p.label IS NOT NULL) AS pairs,"
        f" count(p.opportunity) FILTER (WHERE {wrong}) AS wrong, {cause_sql} AS causes, d.error"
        " FROM dialogs d LEFT JOIN predictions p USING (run_id, dataset, row_id, trial)"
        f" WHERE {' AND '.join(where)} GROUP BY ALL"
        + (f" HAVING {' AND '.join(having)}" if having else "")
        + " ORDER BY d.dataset, d.row_id, d.trial", params)
    df.columns = list(DIALOG_COLUMNS)
    df["Error"] = [sanitize(e) if not is_missing(e) else "" for e in df["Error"]]
    # in words (issue 36): the filters above take the store's codes, a person reads the words
    df["Termination"] = [TERMINATION_WORDS.get(t, t) for t in df["Termination"]]
    df["Failure causes"] = ["; ".join(CAUSE_WORDS.get(c, c) for c in str(v).split(", ")) if v else ""
                            for v in df["Failure causes"].fillna("")]
    return df


def dialog_facets(r: Reader, run_id: str) -> dict[str, list[str]]:
    """Choices for the dialog filters of one run: opportunities, terminations, failure causes."""
    if r.empty or not r.has("dialogs", "predictions") or not run_id:
        return {"opportunity": [], "termination": [], "cause": []}
    opps = r.df("SELECT DISTINCT opportunity FROM predictions WHERE run_id = ? ORDER BY 1", [run_id])
    terms = r.df("SELECT DISTINCT termination FROM dialogs WHERE run_id = ? ORDER BY 1", [run_id])
    causes = r.df("SELECT DISTINCT cause FROM pair_failures WHERE run_id = ? ORDER BY 1", [run_id]) \
        if r.has("pair_failures") else pd.DataFrame({"cause": []})
    return {"opportunity": opps.iloc[:, 0].tolist(), "termination": terms.iloc[:, 0].tolist(),
            "cause": causes.iloc[:, 0].tolist()}


def dialog_key(dataset: str, row_id: str, trial: int) -> str:
    return f"{dataset} / {row_id} / trial {int(trial)}"


def parse_dialog_key(key: str) -> tuple[str, str, int]:
    dataset, row_id, trial = [p.strip() for p in key.split(" / ")]
    return dataset, row_id, int(trial.removeprefix("trial").strip())


def transcript(r: Reader, run_id: str, dataset: str, row_id: str, trial: int) -> dict[str, Any] | None:
    """The dialog row with 'turns' (in order) and 'predictions' (opportunity, predicted, label)."""
    if r.empty or not r.has("dialogs"):
        return None
    key = [run_id, dataset, row_id, int(trial)]
    where = "WHERE run_id = ? AND dataset = ? AND row_id = ? AND trial = ?"
    found = table_records(r, "dialogs", f"SELECT * FROM dialogs {where}", key)
    if not found:
        return None
    out = found[0]
    out["turns"] = r.records(f"SELECT idx, question, answer FROM turns {where} ORDER BY idx", key)
    out["predictions"] = table_records(r, "predictions", "SELECT opportunity, predicted, label FROM predictions"
                                       f" {where} ORDER BY opportunity", key)
    out["run"] = (r.records("SELECT submission, simulator, data_version FROM runs WHERE run_id = ?", [run_id])
                  or [{}])[0]
    # from the grounded-simulator issue (absent in older stores: empty)
    out["facts"] = table_records(r, "turn_facts", "SELECT idx, fact_key, value, exact FROM turn_facts"
                            f" {where} ORDER BY idx, fact_key", key)
    out["process"] = (table_records(r, "dialog_process", f"SELECT * FROM dialog_process {where}", key) or [None])[0]
    out["failures"] = {x["opportunity"]: x["cause"] for x in table_records(
        r, "pair_failures", f"SELECT opportunity, cause FROM pair_failures {where}", key)}
    out["checks"] = table_records(r, "simulator_checks", f"SELECT idx, verdict, detail FROM simulator_checks {where}"
                             " ORDER BY idx", key)
    out["notes"] = {x["idx"]: json_value(x["notes"]) for x in table_records(
        r, "turn_notes", f"SELECT idx, notes FROM turn_notes {where}", key)}
    return out


def run_export(r: Reader, run_id: str) -> dict[str, Any] | None:
    """A run as one JSON-able dict: the keys the `evaluate` stage writes to results/runs/<name>.json
    (submission, run_id, data_version, simulator, metrics as {"<dataset>.<name>": value}) plus
    `intervals`, `run` (its record) and `dialogs` (each with turns and predictions)."""
    if r.empty or not r.has("runs"):
        return None
    run = r.df("SELECT * FROM runs WHERE run_id = ?", [run_id])
    if run.empty:
        return None
    rec = {k: plain_value(json_value(v) if isinstance(v, str) and v[:1] in "{[" else v) for k, v in run.iloc[0].items()}
    metrics = r.df("SELECT dataset, name, value, ci_low, ci_high FROM metrics WHERE run_id = ? ORDER BY dataset, name",
                   [run_id]) if r.has("metrics") else pd.DataFrame(columns=["dataset", "name", "value", "ci_low", "ci_high"])
    dialogs = []
    if r.has("dialogs"):
        turns = r.df("SELECT * FROM turns WHERE run_id = ? ORDER BY dataset, row_id, trial, idx", [run_id]) \
            if r.has("turns") else pd.DataFrame(columns=["dataset", "row_id", "trial"])
        preds = r.df("SELECT dataset, row_id, trial, opportunity, predicted, label FROM predictions"
                     " WHERE run_id = ? ORDER BY dataset, row_id, trial, opportunity", [run_id]) \
            if r.has("predictions") else pd.DataFrame(columns=["dataset", "row_id", "trial"])
        t_by = {k: g for k, g in turns.groupby(["dataset", "row_id", "trial"])} if not turns.empty else {}
        p_by = {k: g for k, g in preds.groupby(["dataset", "row_id", "trial"])} if not preds.empty else {}
        for d in r.df("SELECT * FROM dialogs WHERE run_id = ? ORDER BY dataset, row_id, trial",
                      [run_id]).to_dict("records"):
            k = (d["dataset"], d["row_id"], d["trial"])
            dd = {c: plain_value(v) for c, v in d.items() if c != "run_id"}
            dd["turns"] = [{c: plain_value(v) for c, v in t.items() if c not in ("run_id", "dataset", "row_id", "trial")}
                           for t in (t_by[k].to_dict("records") if k in t_by else [])]
            dd["predictions"] = {p["opportunity"]: {"predicted": plain_value(p["predicted"]), "label": plain_value(p["label"])}
                                 for p in (p_by[k].to_dict("records") if k in p_by else [])}
            dialogs.append(dd)
    return {
        "submission": rec.get("submission"), "run_id": run_id, "data_version": rec.get("data_version"),
        "simulator": rec.get("simulator"),
        "metrics": {f"{x.dataset}.{x.name}": plain_value(x.value) for x in metrics.itertuples(index=False)},
        "intervals": {f"{x.dataset}.{x.name}": [plain_value(x.ci_low), plain_value(x.ci_high)]
                      for x in metrics.itertuples(index=False) if not is_missing(x.ci_low)},
        "run": rec, "dialogs": dialogs,
    }


def shared_dialogs(r: Reader, run_a: str, run_b: str) -> list[str]:
    """Dialog keys (dataset / household / trial) both runs have: what can be compared side by side."""
    if r.empty or not r.has("dialogs") or not run_a or not run_b:
        return []
    df = r.df("SELECT a.dataset, a.row_id, a.trial FROM dialogs a JOIN dialogs b"
              " ON a.dataset = b.dataset AND a.row_id = b.row_id AND a.trial = b.trial"
              " WHERE a.run_id = ? AND b.run_id = ? ORDER BY 1, 2, 3", [run_a, run_b])
    return [dialog_key(*x) for x in df.itertuples(index=False)]
