"""What the leaderboard shows, as plain pandas frames read from the results store.

Two sources give the same tables, so every query below is one SQL text for both:

- :class:`StoreSource` opens the DuckDB file READ-ONLY for each request and closes it again. While an
  evaluation writes, DuckDB refuses other processes (even readers) for the length of a write
  transaction, so opening retries with backoff on the lock error for up to ``read_timeout`` s.
- :class:`SnapshotSource` reads the Parquet files written by ``ResultStore.export_parquet(dir)``
  (one per table) through an in-memory DuckDB, and never touches the live file.

A missing store (nothing evaluated yet) reads as empty tables. Nothing here writes.
"""
from __future__ import annotations

import json
import random
import time
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Iterator, Mapping, Sequence

import duckdb
import pandas as pd

DATA = Path(__file__).resolve().parent / "data"
PAPER_RESULTS = DATA / "paper_results.json"
DATASETS = ("diverse", "representative")
DATASET_LABEL = {"diverse": "Diverse", "representative": "Repr."}
INFRA = "infrastructure_error"

# Column order of the main table. Numbers stay numbers (the browser sorts them numerically);
# intervals are separate text columns.
TABLE_COLUMNS = (
    "Submission", "Source", "TW-F1", "TW-F1 95% CI", "Avg F1", "Avg F1 95% CI", "Avg turns", "Avg turns 95% CI",
    "Diverse F1", "Diverse F1 95% CI", "Diverse turns", "Diverse turns 95% CI",
    "Repr. F1", "Repr. F1 95% CI", "Repr. turns", "Repr. turns 95% CI",
    "Avg accuracy", "Strategy", "Models", "Simulator", "Dialogs", "Status", "Date", "Data version", "Run",
)
NUMBER_COLUMNS = frozenset({
    "Diverse F1", "Diverse turns", "Repr. F1", "Repr. turns", "Avg F1", "Avg turns", "TW-F1",
    "Avg accuracy", "Dialogs",
})
DEFAULT_COLUMNS = tuple(c for c in TABLE_COLUMNS
                        if c not in ("TW-F1 95% CI", "Avg F1 95% CI", "Avg turns 95% CI", "Avg accuracy"))
REPORTED = "reported"
EVALUATED = "evaluated"


class StoreBusyError(RuntimeError):
    """The store stayed locked by a writer for longer than the read timeout."""


def _is_lock_error(exc: BaseException) -> bool:
    msg = str(exc).lower()
    if isinstance(exc, duckdb.IOException) and "lock" in msg:
        return True
    # this process holds a read-write connection (e.g. it is enqueueing an upload right now)
    return isinstance(exc, duckdb.ConnectionException) and "different configuration" in msg


class Reader:
    """One open read-only connection: run SQL, get DataFrames."""

    def __init__(self, con: duckdb.DuckDBPyConnection | None):
        self.con = con
        self._tables: set[str] | None = None

    @property
    def empty(self) -> bool:
        return self.con is None

    def tables(self) -> set[str]:
        if self._tables is None:
            self._tables = set() if self.con is None else {
                r[0] for r in self.con.execute(
                    "SELECT table_name FROM information_schema.tables").fetchall()}
        return self._tables

    def has(self, *tables: str) -> bool:
        return all(t in self.tables() for t in tables)

    def df(self, sql: str, params: Sequence[Any] = ()) -> pd.DataFrame:
        assert self.con is not None
        return self.con.execute(sql, list(params)).df()


class StoreSource:
    """The live DuckDB results file, opened read-only per request (see the module docstring)."""

    def __init__(self, path: str | Path, read_timeout: float = 15.0):
        self.path = Path(path).resolve()
        self.read_timeout = read_timeout

    def describe(self) -> str:
        return f"DuckDB store {self.path}"

    @contextmanager
    def reader(self) -> Iterator[Reader]:
        if not self.path.exists():
            yield Reader(None)
            return
        deadline = time.monotonic() + self.read_timeout
        delay = 0.01
        while True:
            try:
                con = duckdb.connect(str(self.path), read_only=True)
                break
            except (duckdb.IOException, duckdb.ConnectionException) as exc:
                if not _is_lock_error(exc):
                    raise
                left = deadline - time.monotonic()
                if left <= 0:
                    raise StoreBusyError(
                        f"{self.path} stayed locked by a writer for {self.read_timeout:g} s; "
                        f"try again in a moment ({exc})") from exc
                time.sleep(min(left, delay * (0.5 + random.random())))
                delay = min(0.25, delay * 2)
        try:
            yield Reader(con)
        finally:
            con.close()


class SnapshotSource:
    """Parquet snapshots (``ResultStore.export_parquet``): one ``<table>.parquet`` per table."""

    def __init__(self, directory: str | Path):
        self.directory = Path(directory).resolve()

    def describe(self) -> str:
        return f"Parquet snapshot {self.directory}"

    @contextmanager
    def reader(self) -> Iterator[Reader]:
        files = sorted(self.directory.glob("*.parquet")) if self.directory.is_dir() else []
        if not any(f.stem == "runs" for f in files):
            yield Reader(None)
            return
        con = duckdb.connect()
        try:
            for f in files:
                path = str(f).replace("'", "''")
                con.execute(f'CREATE VIEW "{f.stem}" AS SELECT * FROM read_parquet(\'{path}\')')
            yield Reader(con)
        finally:
            con.close()


def open_source(store: str | Path | None = None, snapshot: str | Path | None = None):
    if snapshot is not None:
        return SnapshotSource(snapshot)
    if store is None:
        raise ValueError("open_source needs a store path or a snapshot directory")
    return StoreSource(store)


# ------------------------------------------------------------------------------------------------
# formatting helpers


def _json(value: Any) -> Any:
    if value is None or (isinstance(value, float) and pd.isna(value)):
        return None
    if isinstance(value, (dict, list)):
        return value
    try:
        return json.loads(value)
    except (TypeError, ValueError):
        return value


def _ci(low: Any, high: Any) -> str:
    if low is None or high is None or pd.isna(low) or pd.isna(high):
        return ""
    return f"[{low:.1f}, {high:.1f}]"


def _round(value: Any, digits: int = 1) -> float | None:
    if value is None or pd.isna(value):
        return None
    return round(float(value), digits)


def models_label(agent_models: Any) -> str:
    models = _json(agent_models) or {}
    if not isinstance(models, dict) or not models:
        return "none"
    return "; ".join(f"{role}: {name}" for role, name in sorted(models.items()))


def _date(value: Any) -> str:
    if value is None or (not isinstance(value, str) and pd.isna(value)):
        return ""
    return pd.Timestamp(value).strftime("%Y-%m-%d %H:%M")


# ------------------------------------------------------------------------------------------------
# the main table


def evaluated_rows(r: Reader) -> pd.DataFrame:
    """One row per evaluated run (TABLE_COLUMNS), unsorted."""
    if r.empty or not r.has("runs"):
        return pd.DataFrame(columns=list(TABLE_COLUMNS))
    runs = r.df(
        "SELECT r.run_id, r.submission, r.agent_models, r.simulator, r.data_version, r.extra,"
        " r.created_at, r.status, coalesce(d.n, 0) AS n_dialogs"
        " FROM runs r LEFT JOIN (SELECT run_id, count(*) AS n FROM dialogs GROUP BY run_id) d"
        " USING (run_id)")
    metrics = r.df(
        "SELECT run_id, dataset, name, value, ci_low, ci_high FROM metrics"
        " WHERE name IN ('f1', 'turns', 'turn_weighted_f1', 'accuracy')") if r.has("metrics") else \
        pd.DataFrame(columns=["run_id", "dataset", "name", "value", "ci_low", "ci_high"])
    by_run: dict[str, dict[tuple[str, str], tuple[Any, Any, Any]]] = {}
    for run_id, dataset, name, value, lo, hi in metrics.itertuples(index=False):
        by_run.setdefault(run_id, {})[(dataset, name)] = (value, lo, hi)
    rows = []
    for run in runs.itertuples(index=False):
        m = by_run.get(run.run_id, {})

        def val(dataset: str, name: str, m=m) -> float | None:
            return _round(m.get((dataset, name), (None,))[0])

        def ci(dataset: str, name: str, m=m) -> str:
            _, lo, hi = m.get((dataset, name), (None, None, None))
            return _ci(lo, hi)

        extra = _json(run.extra) or {}
        status = run.status or ""
        if not m and status != "done":
            status = f"{status} ({run.n_dialogs} dialogs so far)" if status else "no metrics yet"
        rows.append({
            "Submission": run.submission,
            "Source": EVALUATED,
            "Strategy": extra.get("strategy", "") if isinstance(extra, dict) else "",
            "Models": models_label(run.agent_models),
            "Simulator": run.simulator or "",
            "Diverse F1": val("diverse", "f1"), "Diverse F1 95% CI": ci("diverse", "f1"),
            "Diverse turns": val("diverse", "turns"), "Diverse turns 95% CI": ci("diverse", "turns"),
            "Repr. F1": val("representative", "f1"), "Repr. F1 95% CI": ci("representative", "f1"),
            "Repr. turns": val("representative", "turns"),
            "Repr. turns 95% CI": ci("representative", "turns"),
            "Avg F1": val("average", "f1"), "Avg F1 95% CI": ci("average", "f1"),
            "Avg turns": val("average", "turns"), "Avg turns 95% CI": ci("average", "turns"),
            "TW-F1": val("average", "turn_weighted_f1"),
            "TW-F1 95% CI": ci("average", "turn_weighted_f1"),
            "Avg accuracy": val("average", "accuracy"),
            "Dialogs": int(run.n_dialogs),
            "Status": status,
            "Date": _date(run.created_at),
            "Data version": run.data_version or "",
            "Run": run.run_id,
        })
    return pd.DataFrame(rows, columns=list(TABLE_COLUMNS))


def load_paper_results(path: Path = PAPER_RESULTS) -> dict[str, Any]:
    return json.loads(Path(path).read_text(encoding="utf-8"))


def reported_rows(path: Path = PAPER_RESULTS) -> pd.DataFrame:
    """v1's reported results (leaderboard/data/paper_results.json), marked 'reported'."""
    paper = load_paper_results(path)
    cols = paper["columns"]
    simulator = "Llama 3.1 70B Instruct 4-bit (v1)"
    date = paper.get("paper", {}).get("date", "")
    rows = []
    for raw in paper["rows"]:
        d = dict(zip(cols, raw))
        models = []
        if d.get("dialog_model"):
            models.append(f"dialog: {d['dialog_model']}")
        if d.get("code_model"):
            models.append(f"code: {d['code_model']}")
        name = f"v1 {d['strategy']}" + (f" ({d['code_model'] or d['dialog_model']})"
                                        if (d.get("code_model") or d.get("dialog_model")) else "")
        rows.append({
            "Submission": name, "Source": REPORTED, "Strategy": d["strategy"],
            "Models": "; ".join(models) or "none", "Simulator": simulator,
            "Diverse F1": d["diverse_f1"], "Diverse F1 95% CI": "",
            "Diverse turns": d["diverse_turns"], "Diverse turns 95% CI": "",
            "Repr. F1": d["representative_f1"], "Repr. F1 95% CI": "",
            "Repr. turns": d["representative_turns"], "Repr. turns 95% CI": "",
            "Avg F1": d["average_f1"], "Avg F1 95% CI": "",
            "Avg turns": d["average_turns"], "Avg turns 95% CI": "",
            "TW-F1": d["turn_weighted_f1"], "TW-F1 95% CI": "",
            "Avg accuracy": None, "Dialogs": None, "Status": "reported (v1 paper, not reproduced)",
            "Date": date, "Data version": "v1 (paper)", "Run": "",
        })
    return pd.DataFrame(rows, columns=list(TABLE_COLUMNS))


def leaderboard_table(r: Reader, include_reported: bool = True,
                      paper: Path = PAPER_RESULTS) -> pd.DataFrame:
    """Every evaluated run plus (optionally) v1's reported rows, best turn-weighted F1 first."""
    frames = [evaluated_rows(r)]
    if include_reported:
        frames.append(reported_rows(paper))
    frames = [f for f in frames if not f.empty]
    if not frames:
        return pd.DataFrame(columns=list(TABLE_COLUMNS))
    table = pd.concat(frames, ignore_index=True) if len(frames) > 1 else frames[0]
    return sort_table(table, "TW-F1", descending=True)


def sort_table(table: pd.DataFrame, column: str, descending: bool = True) -> pd.DataFrame:
    """Server-side sort (the browser also sorts on header click); missing values last."""
    return table.sort_values(column, ascending=not descending, na_position="last",
                             kind="stable").reset_index(drop=True)


def select_columns(table: pd.DataFrame, columns: Sequence[str]) -> pd.DataFrame:
    """The column chooser: keep the chosen columns, in table order; Submission always stays."""
    keep = [c for c in table.columns if c in set(columns) or c == "Submission"]
    return table[keep]


def filter_table(table: pd.DataFrame, text: str = "", sources: Sequence[str] | None = None,
                 simulators: Sequence[str] | None = None) -> pd.DataFrame:
    out = table
    if sources is not None:
        out = out[out["Source"].isin(list(sources))]
    if simulators:
        out = out[out["Simulator"].isin(list(simulators))]
    text = (text or "").strip().lower()
    if text:
        hay = out[["Submission", "Strategy", "Models", "Simulator", "Run"]].astype(str).agg(" ".join, axis=1)
        out = out[hay.str.lower().str.contains(text, regex=False)]
    return out.reset_index(drop=True)


def scatter_frame(table: pd.DataFrame) -> pd.DataFrame:
    """F1 against turns (averages over the datasets), one point per row that has both."""
    df = table.dropna(subset=["Avg F1", "Avg turns"])
    return pd.DataFrame({
        "Avg turns": df["Avg turns"].astype(float), "Avg F1": df["Avg F1"].astype(float),
        "Source": df["Source"], "Submission": df["Submission"], "Simulator": df["Simulator"],
        "TW-F1": df["TW-F1"].astype(float),
    }).reset_index(drop=True)


# ------------------------------------------------------------------------------------------------
# runs, dialogs, transcripts


def run_choices(r: Reader) -> list[tuple[str, str]]:
    """(label, run_id) for every run, newest first."""
    if r.empty or not r.has("runs"):
        return []
    df = r.df("SELECT run_id, submission, simulator, created_at, status FROM runs"
              " ORDER BY created_at DESC, run_id")
    return [(f"{x.submission} · {x.simulator} · {x.run_id}" + ("" if x.status == "done" else f" ({x.status})"),
             x.run_id) for x in df.itertuples(index=False)]


DIALOG_COLUMNS = ("Dataset", "Household", "Trial", "Termination", "Questions", "Correct", "Pairs", "Error")


def dialog_list(r: Reader, run_id: str) -> pd.DataFrame:
    if r.empty or not r.has("dialogs", "predictions") or not run_id:
        return pd.DataFrame(columns=list(DIALOG_COLUMNS))
    df = r.df(
        "SELECT d.dataset, d.row_id, d.trial, d.termination, d.n_turns,"
        " count(p.opportunity) FILTER (WHERE p.label IS NOT NULL"
        "   AND p.predicted IS NOT DISTINCT FROM p.label) AS correct,"
        " count(p.opportunity) FILTER (WHERE p.label IS NOT NULL) AS pairs, d.error"
        " FROM dialogs d LEFT JOIN predictions p USING (run_id, dataset, row_id, trial)"
        " WHERE d.run_id = ? GROUP BY ALL ORDER BY d.dataset, d.row_id, d.trial", [run_id])
    df.columns = list(DIALOG_COLUMNS)
    df["Error"] = df["Error"].fillna("")
    return df


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
    d = r.df(f"SELECT * FROM dialogs {where}", key)
    if d.empty:
        return None
    out = {k: (None if (not isinstance(v, str) and pd.isna(v)) else v) for k, v in d.iloc[0].to_dict().items()}
    out["turns"] = r.df(f"SELECT idx, question, answer FROM turns {where} ORDER BY idx", key).to_dict("records")
    out["predictions"] = [
        {k: (None if pd.isna(v) else v) for k, v in p.items()}
        for p in r.df(f"SELECT opportunity, predicted, label FROM predictions {where} ORDER BY opportunity",
                      key).to_dict("records")]
    run = r.df("SELECT submission, simulator, data_version FROM runs WHERE run_id = ?", [run_id])
    out["run"] = run.iloc[0].to_dict() if not run.empty else {}
    return out


# ------------------------------------------------------------------------------------------------
# per-opportunity accuracy


def opportunity_accuracy(r: Reader, run_ids: Sequence[str] | None = None) -> pd.DataFrame:
    """Long frame: run_id, submission, opportunity, accuracy (percent), pairs.

    Same conventions as the metrics: infrastructure-error dialogs are left out, unlabelled
    predictions ignored, a missing prediction is wrong.
    """
    cols = ["run_id", "submission", "opportunity", "accuracy", "pairs"]
    if r.empty or not r.has("predictions", "dialogs", "runs"):
        return pd.DataFrame(columns=cols)
    where, params = "", []
    if run_ids is not None:
        if not run_ids:
            return pd.DataFrame(columns=cols)
        where = f" AND p.run_id IN ({', '.join('?' * len(run_ids))})"
        params = list(run_ids)
    return r.df(
        "SELECT p.run_id, r.submission, p.opportunity,"
        " 100.0 * avg(CASE WHEN p.predicted IS NOT DISTINCT FROM p.label THEN 1 ELSE 0 END) AS accuracy,"
        " count(*) AS pairs"
        " FROM predictions p JOIN dialogs d USING (run_id, dataset, row_id, trial)"
        " JOIN runs r ON r.run_id = p.run_id"
        f" WHERE p.label IS NOT NULL AND d.termination <> '{INFRA}'{where}"
        " GROUP BY ALL ORDER BY p.run_id, p.opportunity", params)


def accuracy_matrix(long: pd.DataFrame, labels: Mapping[str, str] | None = None,
                    value: str = "accuracy") -> pd.DataFrame:
    """Runs x opportunities (percent accuracy, or `value="pairs"`; NaN where the run saw no pair),
    runs in the order they first appear in `long`."""
    if long.empty:
        return pd.DataFrame()
    m = long.pivot_table(index="run_id", columns="opportunity", values=value, aggfunc="first")
    order = list(dict.fromkeys(long["run_id"]))
    m = m.reindex(order)
    if labels:
        m.index = [labels.get(i, i) for i in m.index]
    return m


# ------------------------------------------------------------------------------------------------
# queue, simulators, audit


QUEUE_COLUMNS = ("Id", "Submission", "Status", "Submitted", "Started", "Finished", "Error", "Path")


def queue_table(r: Reader) -> pd.DataFrame:
    if r.empty or not r.has("queue"):
        return pd.DataFrame(columns=list(QUEUE_COLUMNS))
    df = r.df("SELECT id, submission, status, submitted_at, started_at, finished_at, error, path"
              " FROM queue ORDER BY id DESC")
    for c in ("submitted_at", "started_at", "finished_at"):
        df[c] = [_date(v) for v in df[c]]
    df["error"] = df["error"].fillna("")
    df.columns = list(QUEUE_COLUMNS)
    return df


SIMULATOR_COLUMNS = ("Simulator", "Runs", "Dialogs", "Answers", "Answer latency (s)",
                     "Answer tokens", "Prompt tokens / answer", "Cached share %", "User errors")


def simulator_stats(r: Reader) -> pd.DataFrame:
    if r.empty or not r.has("runs", "dialogs", "turns"):
        return pd.DataFrame(columns=list(SIMULATOR_COLUMNS))
    df = r.df(
        "WITH t AS (SELECT run_id, count(*) AS answers, avg(answer_latency_s) AS latency,"
        "   avg(completion_tokens) AS answer_tokens, avg(prompt_tokens) AS prompt_tokens,"
        "   sum(cached_tokens) AS cached, sum(prompt_tokens) AS prompt_sum FROM turns GROUP BY run_id),"
        " d AS (SELECT run_id, count(*) AS dialogs,"
        "   count(*) FILTER (WHERE termination = 'user_error') AS user_errors FROM dialogs GROUP BY run_id)"
        " SELECT r.simulator, count(DISTINCT r.run_id) AS runs, coalesce(sum(d.dialogs), 0) AS dialogs,"
        "  coalesce(sum(t.answers), 0) AS answers,"
        "  sum(t.latency * t.answers) / nullif(sum(t.answers), 0) AS latency,"
        "  sum(t.answer_tokens * t.answers) / nullif(sum(t.answers), 0) AS answer_tokens,"
        "  sum(t.prompt_tokens * t.answers) / nullif(sum(t.answers), 0) AS prompt_tokens,"
        "  100.0 * sum(t.cached) / nullif(sum(t.prompt_sum), 0) AS cached_share,"
        "  coalesce(sum(d.user_errors), 0) AS user_errors"
        " FROM runs r LEFT JOIN t USING (run_id) LEFT JOIN d USING (run_id)"
        " GROUP BY r.simulator ORDER BY r.simulator")
    df.columns = list(SIMULATOR_COLUMNS)
    for c in ("Answer latency (s)", "Answer tokens", "Prompt tokens / answer", "Cached share %"):
        df[c] = [_round(v, 2) for v in df[c]]
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
            parsed = _json(row[key])
            if isinstance(parsed, dict):
                return parsed
    out = {}
    for k, v in row.items():
        if k in ("simulator", "created_at", "recorded_at"):
            continue
        parsed = _json(v) if isinstance(v, str) and v[:1] in "{[" else v
        out[k] = None if (not isinstance(parsed, (dict, list, str)) and pd.isna(parsed)) else parsed
    return out


def audits(r: Reader, audit_file: Path | None = None) -> list[Audit]:
    """Faithfulness audits: an ``audit`` table in the store, else the stage's JSON file."""
    found: list[Audit] = []
    if not r.empty and r.has("audit"):
        for row in r.df("SELECT * FROM audit").to_dict("records"):
            created = row.get("created_at") or row.get("recorded_at")
            found.append(Audit(str(row.get("simulator", "")), _summary_from_row(row), "store table `audit`",
                               _date(created) if created is not None else ""))
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
