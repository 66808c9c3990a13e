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
import re
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

# Column order of the main table: Submission then TW-F1 first, so a phone shows both without
# sideways scrolling. Numbers stay numbers (sorted numerically in the browser); intervals are
# separate text columns: "[lo, hi] n=44" (n = households behind it), "n/a" when degenerate.
# Process and failure figures (issue 14's metrics, per dataset; shown as the mean over datasets):
# column -> (metric name, scale). Shares are shown as percentages.
PROCESS_COLUMNS = {
    "Needed-fact coverage %": ("needed_coverage", 100.0),
    "Premature READY %": ("premature_ready", 100.0),
    "Members covered %": ("members_covered", 100.0),
    "Turns over oracle": ("turns_over_oracle", 1.0),
    "Wrong: false fact %": ("cause_simulator_false_fact", 100.0),
    "Wrong: fact not disclosed %": ("cause_needed_fact_not_disclosed", 100.0),
    "Wrong: rule misapplied %": ("cause_rule_misapplied", 100.0),
    "Simulator faithful %": ("simulator_faithfulness", 100.0),
    "Process exact": ("process_exact", 1.0),
}
TABLE_COLUMNS = (
    "Submission", "TW-F1", "TW-F1 95% CI", "Avg F1", "Avg F1 95% CI", "Avg turns", "Avg turns 95% CI",
    "Diverse F1", "Diverse F1 95% CI", "Diverse turns", "Diverse turns 95% CI",
    "Repr. F1", "Repr. F1 95% CI", "Repr. turns", "Repr. turns 95% CI",
    "Avg accuracy", "Avg precision", "Avg recall", "F1 SD (trials)", "Agent tokens", "Wall s",
    *PROCESS_COLUMNS,
    "Source", "Strategy", "Models", "Simulator", "Config", "Protocol", "Dialogs", "Status", "Date",
    "Data version", "Run",
)
NUMBER_COLUMNS = frozenset({
    "Diverse F1", "Diverse turns", "Repr. F1", "Repr. turns", "Avg F1", "Avg turns", "TW-F1",
    "Avg accuracy", "Avg precision", "Avg recall", "F1 SD (trials)", "Agent tokens", "Wall s",
    "Dialogs", *PROCESS_COLUMNS,
})
HIDDEN_BY_DEFAULT = ("Avg F1 95% CI", "Avg turns 95% CI", "Avg accuracy", "Avg precision", "Avg recall",
                     "F1 SD (trials)", "Agent tokens", "Wall s", "Config", "Protocol", "Source", *PROCESS_COLUMNS)
DEFAULT_COLUMNS = tuple(c for c in TABLE_COLUMNS if c not in HIDDEN_BY_DEFAULT)
REPORTED = "reported"
EVALUATED = "evaluated"
NO_PROTOCOL = "not recorded"  # runs of a store written before protocols were recorded
V1_PROTOCOL = "v1 paper"

_ABS_PATH = re.compile(r"(?<![\w.])(?:/[^\s/'\"`:,;()\[\]]+){2,}/?")
_PID = re.compile(r"\b(?:PID|pid|process id)[ :=]*\d+\b")


def sanitize(text: Any) -> str:
    """Text shown on a page: absolute server paths cut to their last part, process ids removed."""
    s = "" if text is None else str(text)
    s = _ABS_PATH.sub(lambda m: "…/" + m.group(0).rstrip("/").rsplit("/", 1)[-1], s)
    return _PID.sub("process", s)


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
        self._columns: dict[str, set[str]] = {}

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

    def columns(self, table: str) -> set[str]:
        """The table's column names (empty when the table is absent: an older store)."""
        if self.con is None or not self.has(table):
            return set()
        if table not in self._columns:
            self._columns[table] = {r[0] for r in self.con.execute(
                "SELECT column_name FROM information_schema.columns WHERE table_name = ?", [table]).fetchall()}
        return self._columns[table]

    def df(self, sql: str, params: Sequence[Any] = ()) -> pd.DataFrame:
        assert self.con is not None
        return self.con.execute(sql, list(params)).df()


class StoreSource:
    """The live DuckDB results file, opened read-only per request (see the module docstring)."""

    def __init__(self, path: str | Path, read_timeout: float = 15.0):
        self.path = Path(path).resolve()
        self.read_timeout = read_timeout

    def describe(self) -> str:  # no server path on a page: the file name only
        return f"results store `{self.path.name}`"

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
                        f"the results store is being updated (locked by a writer for more than "
                        f"{self.read_timeout:g} s); retrying") from exc
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
        return f"Parquet snapshot `{self.directory.name}`"

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


def open_source(store: str | Path | None = None, snapshot: str | Path | None = None, read_timeout: float = 15.0):
    if snapshot is not None:
        return SnapshotSource(snapshot)
    if store is None:
        raise ValueError("open_source needs a store path or a snapshot directory")
    return StoreSource(store, read_timeout)


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


def _missing(v: Any) -> bool:
    return v is None or (not isinstance(v, str) and pd.isna(v))


def interval_text(low: Any, high: Any, households: Any = None) -> str:
    """"[lo, hi] n=44"; "n/a (n=1)" when the interval is degenerate (zero width, or fewer than two
    households behind it: a bootstrap over one household says nothing); "" without an interval."""
    n = None if _missing(households) else int(households)
    suffix = f" n={n}" if n is not None else ""
    if _missing(low) or _missing(high):
        return f"n/a{suffix.replace(' n=', ' (n=')})" if n is not None and n < 2 else ""
    if (n is not None and n < 2) or round(float(high) - float(low), 6) == 0:
        return "n/a" + (f" (n={n})" if n is not None else "")
    return f"[{low:.1f}, {high:.1f}]{suffix}"


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


_METRIC_NAMES = ("f1", "turns", "turn_weighted_f1", "accuracy", "precision", "recall", "f1_sd", "agent_tokens",
                 "wall_s", "households", *(name for name, _ in PROCESS_COLUMNS.values()))


@dataclass(frozen=True)
class Protocol:
    """What a run was measured under (issue 12's `runs.protocol`); runs are ranked only within one."""
    id: str
    kind: str  # full | smoke | custom | not recorded | v1 paper
    spec: Mapping[str, Any]
    runs: int = 0

    @property
    def label(self) -> str:
        if self.id == NO_PROTOCOL:
            return f"protocol not recorded ({self.runs} run(s))"
        return f"{self.kind} · {self.id} ({self.runs} run(s))"

    def describe(self) -> str:
        """One line: datasets (version, households used of total), question cap, trials, simulator, split."""
        s = self.spec or {}
        parts = []
        for name, d in sorted((s.get("datasets") or {}).items()):
            if isinstance(d, dict):
                used, total = d.get("households_used"), d.get("households_total")
                parts.append(f"{name} {used} of {total} households (data {d.get('data_version', '?')})")
        if s.get("question_cap") is not None:
            parts.append(f"at most {s['question_cap']} questions")
        if s.get("trials") is not None:
            parts.append(f"{s['trials']} trial(s)")
        sim = s.get("simulator") or {}
        if isinstance(sim, dict) and sim.get("label"):
            parts.append(f"simulator {sim['label']}" + (" (reference)" if sim.get("reference") else ""))
        if s.get("split"):
            parts.append(f"{s['split']} split")
        return "; ".join(parts) or "no details recorded"


def protocol_differences(base: Protocol | None, other: Protocol) -> list[str]:
    """What `other` does differently from `base` (the full protocol), in words."""
    if other.id == NO_PROTOCOL:
        return ["these runs were written before protocols were recorded: what they measured is unknown"]
    if other.kind == V1_PROTOCOL:
        return ["v1's published figures (Llama 3.1 70B simulated user, v1 datasets), not re-run here"]
    a, b = (base.spec if base else {}) or {}, other.spec or {}
    out = []
    if other.kind != "full":
        out.append(f"a {other.kind} protocol, not the full one")
    da, db = a.get("datasets") or {}, b.get("datasets") or {}
    for name in sorted(set(da) | set(db)):
        x, y = da.get(name) or {}, db.get(name) or {}
        if not y:
            out.append(f"no {name} dataset")
            continue
        if (x.get("households_used"), x.get("households_total")) != (y.get("households_used"), y.get("households_total")):
            out.append(f"{name}: {y.get('households_used')} of {y.get('households_total')} households"
                       + (f" (full: {x.get('households_used')})" if x else ""))
        if x and x.get("data_version") != y.get("data_version"):
            out.append(f"{name} data version {y.get('data_version')} (full: {x.get('data_version')})")
    for key, words in (("question_cap", "question cap"), ("trials", "trials"), ("split", "split")):
        if a.get(key) != b.get(key):
            out.append(f"{words} {b.get(key)}" + (f" (full: {a.get(key)})" if key in a else ""))
    sa, sb = a.get("simulator") or {}, b.get("simulator") or {}
    if sa != sb and isinstance(sb, dict):
        out.append(f"simulator {sb.get('label')}" + ("" if sb.get("reference") else " (not the reference simulator)"))
    return out or ["same settings as the full protocol, recorded under another id"]


def protocols(r: Reader) -> dict[str, Protocol]:
    """Every protocol of the store's runs, by id; runs without one share NO_PROTOCOL."""
    if r.empty or not r.has("runs"):
        return {}
    cols = r.columns("runs")
    if "protocol_id" not in cols:
        n = int(r.df("SELECT count(*) AS n FROM runs")["n"].iloc[0])
        return {NO_PROTOCOL: Protocol(NO_PROTOCOL, NO_PROTOCOL, {}, n)} if n else {}
    spec_col = "any_value(protocol)" if "protocol" in cols else "NULL"
    df = r.df(f"SELECT protocol_id, {spec_col} AS protocol, count(*) AS n FROM runs GROUP BY protocol_id")
    out = {}
    for pid, spec, n in df.itertuples(index=False):
        if _missing(pid):
            out[NO_PROTOCOL] = Protocol(NO_PROTOCOL, NO_PROTOCOL, {}, int(n) + out.get(NO_PROTOCOL, Protocol("", "", {})).runs)
            continue
        d = _json(spec) or {}
        d = d if isinstance(d, dict) else {}
        out[str(pid)] = Protocol(str(pid), str(d.get("kind") or "custom"), d, int(n))
    return out


def default_protocol(protos: Mapping[str, Protocol]) -> str | None:
    """The ranking shown first: the full protocol with the most runs; else the largest other one
    that is not a smoke run; else whatever there is."""
    def pick(items):
        items = sorted(items, key=lambda p: (-p.runs, p.id))
        return items[0].id if items else None
    return (pick(p for p in protos.values() if p.kind == "full")
            or pick(p for p in protos.values() if p.kind not in ("smoke",))
            or pick(protos.values()))


def evaluated_rows(r: Reader) -> pd.DataFrame:
    """One row per evaluated run (TABLE_COLUMNS), unsorted."""
    if r.empty or not r.has("runs"):
        return pd.DataFrame(columns=list(TABLE_COLUMNS))
    cols = r.columns("runs")
    opt = ", ".join(f"r.{c}" if c in cols else f"NULL AS {c}" for c in ("run_config", "role_models", "protocol_id"))
    n_dialogs = "(SELECT run_id, count(*) AS n FROM dialogs GROUP BY run_id)" if r.has("dialogs") else \
        "(SELECT NULL AS run_id, 0 AS n)"
    runs = r.df(
        f"SELECT r.run_id, r.submission, r.agent_models, r.simulator, r.data_version, r.extra,"
        f" r.created_at, r.status, coalesce(d.n, 0) AS n_dialogs, {opt}"
        f" FROM runs r LEFT JOIN {n_dialogs} d USING (run_id)")
    runs = runs[runs["status"] != "human"]  # issue 20: people's runs are a row beside, never ranked (leaderboard/human.py)
    names = ", ".join(f"'{n}'" for n in _METRIC_NAMES)
    metrics = r.df(
        "SELECT run_id, dataset, name, value, ci_low, ci_high FROM metrics"
        f" WHERE name IN ({names})") if r.has("metrics") else \
        pd.DataFrame(columns=["run_id", "dataset", "name", "value", "ci_low", "ci_high"])
    by_run: dict[str, dict[tuple[str, str], tuple[Any, Any, Any]]] = {}
    for run_id, dataset, name, value, lo, hi in metrics.itertuples(index=False):
        by_run.setdefault(run_id, {})[(dataset, name)] = (value, lo, hi)
    # households behind each interval: the `households` metric when written (issue 12), else the
    # scored households (infrastructure errors left out) counted here
    counted: dict[tuple[str, str], int] = {}
    if r.has("dialogs"):
        for run_id, dataset, n in r.df(
                f"SELECT run_id, dataset, count(DISTINCT row_id) AS n FROM dialogs WHERE termination <> '{INFRA}'"
                " GROUP BY run_id, dataset").itertuples(index=False):
            counted[(run_id, dataset)] = int(n)
    rows = []
    for run in runs.itertuples(index=False):
        m = by_run.get(run.run_id, {})

        def households(dataset: str, m=m, run_id=run.run_id) -> int | None:
            if dataset == "average":
                ns = [households(d) for d in DATASETS]
                ns = [n for n in ns if n is not None]
                return sum(ns) if ns else None
            v = m.get((dataset, "households"), (None,))[0]
            return int(v) if not _missing(v) else counted.get((run_id, dataset))

        def val(dataset: str, name: str, m=m) -> float | None:
            return _round(m.get((dataset, name), (None,))[0])

        def over_datasets(name: str, scale: float, m=m) -> float | None:
            vs = [m[(d, name)][0] for d in DATASETS if (d, name) in m and not _missing(m[(d, name)][0])]
            return _round(scale * sum(vs) / len(vs)) if vs else None

        def ci(dataset: str, name: str, m=m) -> str:
            if (dataset, name) not in m:
                return ""
            _, lo, hi = m[(dataset, name)]
            return interval_text(lo, hi, households(dataset))

        extra = _json(run.extra) or {}
        status = run.status or ""
        if not m and status != "done":
            status = f"{status} ({run.n_dialogs} dialogs so far)" if status else "no metrics yet"
        roles = _json(run.role_models)
        rows.append({
            "Submission": run.submission,
            "Source": EVALUATED,
            "Strategy": extra.get("strategy", "") if isinstance(extra, dict) else "",
            "Models": models_label(roles if isinstance(roles, dict) and roles else run.agent_models),
            "Simulator": run.simulator or "",
            "Config": "" if _missing(run.run_config) else str(run.run_config),
            "Protocol": NO_PROTOCOL if _missing(run.protocol_id) else str(run.protocol_id),
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
            "Avg precision": val("average", "precision"), "Avg recall": val("average", "recall"),
            "F1 SD (trials)": val("average", "f1_sd"),
            "Agent tokens": val("average", "agent_tokens"), "Wall s": val("average", "wall_s"),
            **{col: over_datasets(name, scale) for col, (name, scale) in PROCESS_COLUMNS.items()},
            "Dialogs": int(run.n_dialogs),
            "Status": sanitize(status),
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
            "Avg accuracy": None, "Avg precision": None, "Avg recall": None, "F1 SD (trials)": None,
            "Agent tokens": None, "Wall s": None, "Config": "", "Protocol": V1_PROTOCOL, "Dialogs": None, "Status": "reported (v1 paper, not reproduced)",
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


_CONDITION = re.compile(r"^\s*(?P<col>[A-Za-z][\w .%/()-]*?)\s*(?P<op>>=|<=|!=|==|=|>|<)\s*(?P<num>-?\d+(?:\.\d+)?)\s*$")


def parse_filter(text: str) -> tuple[list[tuple[str, str, float]], list[str]]:
    """"TW-F1 >= 30; Avg turns < 10; react" -> numeric conditions (column, op, number) and text
    terms. Numbers compare as numbers (10 > 9), not as text. Unknown columns raise ValueError."""
    conditions, terms = [], []
    lower = {c.lower(): c for c in NUMBER_COLUMNS}
    for part in re.split(r"[;,]", text or ""):
        part = part.strip()
        if not part:
            continue
        m = _CONDITION.match(part)
        if m:
            col = lower.get(m["col"].strip().lower())
            if col is None:
                raise ValueError(f"filter {part!r}: no numeric column {m['col'].strip()!r} "
                                 f"(numeric columns: {', '.join(sorted(NUMBER_COLUMNS))})")
            conditions.append((col, m["op"].replace("==", "="), float(m["num"])))
        else:
            terms.append(part.lower())
    return conditions, terms


def filter_table(table: pd.DataFrame, text: str = "", sources: Sequence[str] | None = None,
                 simulators: Sequence[str] | None = None, protocol: str | None = None) -> pd.DataFrame:
    out = table
    if sources is not None:
        out = out[out["Source"].isin(list(sources))]
    if simulators:
        out = out[out["Simulator"].isin(list(simulators))]
    if protocol is not None:
        out = out[out["Protocol"] == protocol]
    conditions, terms = parse_filter(text)
    ops = {">": "gt", ">=": "ge", "<": "lt", "<=": "le", "=": "eq", "!=": "ne"}
    for col, op, num in conditions:
        values = pd.to_numeric(out[col], errors="coerce")
        out = out[getattr(values, ops[op])(num).fillna(False).astype(bool)]
    for term in terms:
        hay = out[["Submission", "Strategy", "Models", "Simulator", "Config", "Run"]].astype(str).agg(" ".join, axis=1)
        out = out[hay.str.lower().str.contains(term, regex=False)]
    return out.reset_index(drop=True)


def ranking(table: pd.DataFrame, protocol: str | None) -> pd.DataFrame:
    """The finished runs of ONE protocol, best TW-F1 first (never v1's reported rows). A run that
    is still running, failed, or ended `incomplete` (infrastructure errors left dialogs unscored)
    is not ranked: its score would not be comparable; the Dialogs tab still lists it."""
    out = table[(table["Source"] == EVALUATED) & (table["Status"] == "done")]
    if protocol is not None:
        out = out[out["Protocol"] == protocol]
    return sort_table(out, "TW-F1", descending=True)


def scatter_frame(table: pd.DataFrame) -> pd.DataFrame:
    """F1 against turns (averages over the datasets), one point per row that has both."""
    df = table.dropna(subset=["Avg F1", "Avg turns"])
    return pd.DataFrame({
        "Avg turns": df["Avg turns"].astype(float), "Avg F1": df["Avg F1"].astype(float),
        "Source": df["Source"], "Submission": df["Submission"], "Simulator": df["Simulator"],
        "TW-F1": df["TW-F1"].astype(float),
        "F1 CI": df["Avg F1 95% CI"], "Turns CI": df["Avg turns 95% CI"], "Run": df["Run"],
    }).reset_index(drop=True)


def interval_bounds(text: str) -> tuple[float, float] | None:
    """The numbers back from interval_text ("[1.0, 2.0] n=4" -> (1.0, 2.0)); None for n/a or empty."""
    m = re.match(r"^\[(-?[\d.]+), (-?[\d.]+)\]", text or "")
    return (float(m[1]), float(m[2])) if m else None


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


DIALOG_COLUMNS = ("Dataset", "Household", "Trial", "Termination", "Questions", "Correct", "Pairs", "Wrong",
                  "Failure causes", "Error")
FAILURE_CAUSES = ("simulator_false_fact", "needed_fact_not_disclosed", "rule_misapplied")
CAUSE_WORDS = {
    "simulator_false_fact": "the simulated user stated a false fact",
    "needed_fact_not_disclosed": "a fact the decision needs was never disclosed",
    "rule_misapplied": "the agent had the facts but applied the rule wrongly",
}


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
    df["Error"] = [sanitize(e) if not _missing(e) else "" for e in df["Error"]]
    df["Failure causes"] = df["Failure causes"].fillna("")
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
    # from the grounded-simulator issue (absent in older stores: empty)
    out["facts"] = _records(r, "turn_facts", "SELECT idx, fact_key, value, exact FROM turn_facts"
                            f" {where} ORDER BY idx, fact_key", key)
    out["process"] = (_records(r, "dialog_process", f"SELECT * FROM dialog_process {where}", key) or [None])[0]
    out["failures"] = {x["opportunity"]: x["cause"] for x in _records(
        r, "pair_failures", f"SELECT opportunity, cause FROM pair_failures {where}", key)}
    out["checks"] = _records(r, "simulator_checks", f"SELECT idx, verdict, detail FROM simulator_checks {where}"
                             " ORDER BY idx", key)
    out["notes"] = {x["idx"]: _json(x["notes"]) for x in _records(
        r, "turn_notes", f"SELECT idx, notes FROM turn_notes {where}", key)}
    return out


def _records(r: Reader, table: str, sql: str, params: Sequence[Any]) -> list[dict[str, Any]]:
    if not r.has(table):
        return []
    return [{k: (None if _missing(v) else v) for k, v in x.items()} for x in r.df(sql, params).to_dict("records")]


def run_export(r: Reader, run_id: str) -> dict[str, Any] | None:
    """A run as one JSON-able dict: the keys the `evaluate` stage writes to results/runs/<name>.json
    (submission, run_id, data_version, simulator, metrics as {"<dataset>.<name>": value}) plus
    `intervals`, `run` (its record) and `dialogs` (each with turns and predictions)."""
    if r.empty or not r.has("runs"):
        return None
    run = r.df("SELECT * FROM runs WHERE run_id = ?", [run_id])
    if run.empty:
        return None
    rec = {k: _plain(_json(v) if isinstance(v, str) and v[:1] in "{[" else v) for k, v in run.iloc[0].items()}
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
            dd = {c: _plain(v) for c, v in d.items() if c != "run_id"}
            dd["turns"] = [{c: _plain(v) for c, v in t.items() if c not in ("run_id", "dataset", "row_id", "trial")}
                           for t in (t_by[k].to_dict("records") if k in t_by else [])]
            dd["predictions"] = {p["opportunity"]: {"predicted": _plain(p["predicted"]), "label": _plain(p["label"])}
                                 for p in (p_by[k].to_dict("records") if k in p_by else [])}
            dialogs.append(dd)
    return {
        "submission": rec.get("submission"), "run_id": run_id, "data_version": rec.get("data_version"),
        "simulator": rec.get("simulator"),
        "metrics": {f"{x.dataset}.{x.name}": _plain(x.value) for x in metrics.itertuples(index=False)},
        "intervals": {f"{x.dataset}.{x.name}": [_plain(x.ci_low), _plain(x.ci_high)]
                      for x in metrics.itertuples(index=False) if not _missing(x.ci_low)},
        "run": rec, "dialogs": dialogs,
    }


def _plain(v: Any) -> Any:
    """A JSON-able Python value from what DuckDB/pandas hand back."""
    if isinstance(v, (dict, list, str, bool)) or v is None:
        return v
    if _missing(v):
        return None
    if hasattr(v, "isoformat"):
        return v.isoformat()
    if hasattr(v, "item"):
        return v.item()
    return v


def table_export(table: pd.DataFrame) -> tuple[str, str]:
    """(CSV with a header row, JSON records) of a table as shown."""
    return table.to_csv(index=False), table.to_json(orient="records", indent=1)


def shared_dialogs(r: Reader, run_a: str, run_b: str) -> list[str]:
    """Dialog keys (dataset / household / trial) both runs have: what can be compared side by side."""
    if r.empty or not r.has("dialogs") or not run_a or not run_b:
        return []
    df = r.df("SELECT a.dataset, a.row_id, a.trial FROM dialogs a JOIN dialogs b"
              " ON a.dataset = b.dataset AND a.row_id = b.row_id AND a.trial = b.trial"
              " WHERE a.run_id = ? AND b.run_id = ? ORDER BY 1, 2, 3", [run_a, run_b])
    return [dialog_key(*x) for x in df.itertuples(index=False)]


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
    m = long.drop_duplicates(["run_id", "opportunity"]).pivot(index="run_id", columns="opportunity", values=value)
    order = list(dict.fromkeys(long["run_id"]))
    m = m.reindex(order)
    if labels:
        m.index = [labels.get(i, i) for i in m.index]
    return m


# ------------------------------------------------------------------------------------------------
# queue, simulators, audit


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
        df[c] = [_date(v) for v in df[c]]
    df["status"] = [QUEUE_WORDS.get(v, v) for v in df["status"]]
    df["error"] = [sanitize(e) if not _missing(e) else "" for e in df["error"]]
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
