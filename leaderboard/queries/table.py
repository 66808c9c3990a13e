"""The main table: one row per evaluated run (columns from the metric catalogue) beside v1's
reported rows; filters, sorting, ranking within one protocol, ranks with ties, and exports.

Column order: Rank, Submission (the run's configuration name) and TW-F1 first, so a phone shows
them without sideways scrolling. Numbers stay numbers (sorted numerically in the browser);
intervals are separate text columns "[lo, hi] n=44" (n = households behind it), "n/a" when
degenerate; exports add numeric low/high/n columns for each.
"""
from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any, Callable, Mapping, Sequence

import pandas as pd

from eligibench.results import (
    AUTHORS,
    AVERAGE,
    DATASETS,
    HOUSEHOLDS,
    INFRA_ERROR,
    METRICS,
    NO_PROTOCOL,
    SUPERSEDED,
    V1_PROTOCOL,
    Reader,
    columns,
    metric,
)
from leaderboard.queries.agent_errors import AGENT_ERRORS, agent_error_counts, agent_error_status
from leaderboard.queries.common import (
    date_text,
    interval_text,
    is_missing,
    json_value,
    models_label,
    round_or_none,
    sanitize,
)
from leaderboard.queries.gradings import GROUND_TRUTH, NOT_RECORDED, ground_truth_by_run
from leaderboard.queries.labels import AVG_F1, AVG_TURNS, TW_F1, ci_label
from leaderboard.queries.rank_ranges import RANK_RANGE  # issue 31: filled by rank_ranges.with_rank_ranges
from leaderboard.queries.scoring import HUMAN_STATUS
from leaderboard.queries.sealed_rule import public_split_status

DATA = Path(__file__).resolve().parent.parent / "data"
PAPER_RESULTS = DATA / "paper_results.json"
REPORTED = "reported"
EVALUATED = "evaluated"

METRIC_COLUMNS = columns()  # the catalogue's numeric columns, in display order
INTERVAL_COLUMNS = tuple(c.interval_label for c in METRIC_COLUMNS if c.interval_label)
_INFO_COLUMNS = ("Source", "Strategy", AUTHORS, "Models", "Simulator", "Config", "Protocol", "Dialogs", AGENT_ERRORS, "Status",
                 "Isolation",
                 "Date", "Data version", GROUND_TRUTH, "Run")
# How a run's agents were isolated (runs.isolation): "bubblewrap", or "none (reference agent)" when a
# reference agent shipped in the repository ran without the jail (docs/integrity.md); older runs
# did not record it.
ISOLATION_NOT_RECORDED = "not recorded"
_METRIC_PART = tuple(x for c in METRIC_COLUMNS for x in (c.label, c.interval_label) if x)
_AFTER = _METRIC_PART.index(ci_label(TW_F1)) + 1  # the rank range beside the TW-F1 interval it reads (issue 31)
TABLE_COLUMNS = ("Rank", "Submission", *_METRIC_PART[:_AFTER], RANK_RANGE, *_METRIC_PART[_AFTER:], *_INFO_COLUMNS)
NUMBER_COLUMNS = frozenset({*(c.label for c in METRIC_COLUMNS), "Dialogs", AGENT_ERRORS})
# what a higher value means, per numeric column (the catalogue's higher-is-better)
HIGHER_IS_BETTER = {c.label: c.metric.higher_is_better for c in METRIC_COLUMNS}
# The default view fits a screen (at most 10 columns): rank, the agent (linked, with its authors),
# TW-F1 and its interval, the rank range, F1, turns, agent errors, simulator faults and status; every
# other column is behind the Columns control, and no default column holds a hash (run, protocol and
# data version ids are in the board's ids panel).
FAULTS = metric("simulator_fault_rate").column(AVERAGE)
DEFAULT_COLUMNS = ("Rank", "Submission", TW_F1, ci_label(TW_F1), RANK_RANGE, AVG_F1, AVG_TURNS, AGENT_ERRORS, FAULTS,
                   "Status")
assert set(DEFAULT_COLUMNS) <= set(TABLE_COLUMNS) and len(DEFAULT_COLUMNS) <= 10, DEFAULT_COLUMNS
_METRIC_NAMES = (*(m.name for m in METRICS), HOUSEHOLDS)

__all__ = ["DEFAULT_COLUMNS", "EVALUATED", "HIGHER_IS_BETTER", "INTERVAL_COLUMNS", "METRIC_COLUMNS", "NO_PROTOCOL",
           "NUMBER_COLUMNS", "PAPER_RESULTS", "REPORTED", "TABLE_COLUMNS", "V1_PROTOCOL", "evaluated_rows",
           "export_frame", "filter_table", "interval_bounds", "leaderboard_table", "load_paper_results",
           "parse_filter", "ranking", "reported_rows", "scatter_frame", "select_columns", "sort_table",
           "table_export", "with_ranks"]


def _metric_cells(m: Mapping[tuple[str, str], tuple[Any, Any, Any]],
                  households: Callable[[str], int | None]) -> dict[str, Any]:
    """One run's catalogue columns from its stored metrics ({(dataset, name): (value, low, high)}):
    scaled and rounded values, intervals with the households behind them, per-dataset-only
    metrics as the mean over the datasets."""
    row: dict[str, Any] = {}
    for c in METRIC_COLUMNS:
        scale, name = c.metric.scale, c.metric.name
        if c.over:
            vs = [m[(d, name)][0] for d in DATASETS if (d, name) in m and not is_missing(m[(d, name)][0])]
            row[c.label] = round_or_none(scale * sum(vs) / len(vs), c.metric.digits) if vs else None
            continue
        v = m.get((c.dataset, name), (None,))[0]
        row[c.label] = None if is_missing(v) else round_or_none(scale * v, c.metric.digits)
        if c.interval_label:
            if (c.dataset, name) in m:
                _, lo, hi = m[(c.dataset, name)]
                row[c.interval_label] = interval_text(lo, hi, households(c.dataset))
            else:
                row[c.interval_label] = ""
    return row


def evaluated_rows(r: Reader) -> pd.DataFrame:
    """One row per evaluated run (TABLE_COLUMNS), unsorted."""
    if r.empty or not r.has("runs"):
        return pd.DataFrame(columns=list(TABLE_COLUMNS))
    cols = r.columns("runs")
    opt = ", ".join(f"r.{c}" if c in cols else f"NULL AS {c}"
                    for c in ("run_config", "role_models", "protocol_id", "protocol", "isolation"))
    n_dialogs = "(SELECT run_id, count(*) AS n FROM dialogs GROUP BY run_id)" if r.has("dialogs") else \
        "(SELECT NULL AS run_id, 0 AS n)"
    runs = r.df(
        f"SELECT r.run_id, r.submission, r.agent_models, r.simulator, r.data_version, r.extra,"
        f" r.created_at, r.status, coalesce(d.n, 0) AS n_dialogs, {opt}"
        f" FROM runs r LEFT JOIN {n_dialogs} d USING (run_id)")
    runs = runs[runs["status"] != HUMAN_STATUS]  # issue 20: people's runs are a row beside, never ranked (leaderboard/human.py)
    names = ", ".join(f"'{n}'" for n in _METRIC_NAMES)
    metrics = r.df(
        "SELECT run_id, dataset, name, value, ci_low, ci_high FROM metrics"
        f" WHERE name IN ({names})") if r.has("metrics") else \
        pd.DataFrame(columns=["run_id", "dataset", "name", "value", "ci_low", "ci_high"])
    by_run: dict[str, dict[tuple[str, str], tuple[Any, Any, Any]]] = {}
    for run_id, dataset, name, value, lo, hi in metrics.itertuples(index=False):
        by_run.setdefault(run_id, {})[(dataset, name)] = (value, lo, hi)
    # households behind each interval: the `households` metric when written, else the scored
    # households (infrastructure errors left out) counted here
    counted: dict[tuple[str, str], int] = {}
    if r.has("dialogs"):
        for run_id, dataset, n in r.df(
                f"SELECT run_id, dataset, count(DISTINCT row_id) AS n FROM dialogs WHERE termination <> '{INFRA_ERROR}'"
                " GROUP BY run_id, dataset").itertuples(index=False):
            counted[(run_id, dataset)] = int(n)
    graded = ground_truth_by_run(r)  # issue 31: the ground truth of each run's newest grading
    errors = agent_error_counts(r)  # issue 36: a run with agent errors is marked and never ranked
    rows, codes = [], []
    for run in runs.itertuples(index=False):
        m = by_run.get(run.run_id, {})

        def households(dataset: str, m=m, run_id=run.run_id) -> int | None:
            if dataset == AVERAGE:
                ns = [n for n in (households(d) for d in DATASETS) if n is not None]
                return sum(ns) if ns else None
            v = m.get((dataset, HOUSEHOLDS), (None,))[0]
            return int(v) if not is_missing(v) else counted.get((run_id, dataset))

        row = _metric_cells(m, households)
        extra = json_value(run.extra) or {}
        n_errors, n_stored = errors.get(run.run_id, (0, 0))
        status = agent_error_status(run.status or "", n_errors, n_stored)
        status = public_split_status(status, run.protocol_id, run.protocol)  # published labels: never ranked
        if not m and status != "done":
            status = f"{status} ({run.n_dialogs} dialogs so far)" if status else "no metrics yet"
        roles = json_value(run.role_models)
        config = "" if is_missing(run.run_config) else str(run.run_config)
        rows.append({
            **row,
            # the configuration names the row: two configurations of one submission differ by it
            "Submission": config or run.submission,
            "Source": EVALUATED,
            "Strategy": extra.get("strategy", "") if isinstance(extra, dict) else "",
            AUTHORS: ", ".join(str(a) for a in (extra.get("authors") or [])) if isinstance(extra, dict) else "",
            "Models": models_label(roles if isinstance(roles, dict) and roles else run.agent_models),
            "Simulator": run.simulator or "",
            "Config": config,
            "Protocol": NO_PROTOCOL if is_missing(run.protocol_id) else str(run.protocol_id),
            "Dialogs": int(run.n_dialogs),
            AGENT_ERRORS: n_errors,
            "Status": sanitize(status),
            "Isolation": ISOLATION_NOT_RECORDED if is_missing(run.isolation) else sanitize(str(run.isolation)),
            "Date": date_text(run.created_at),
            "Data version": run.data_version or "",
            GROUND_TRUTH: graded.get(run.run_id, NOT_RECORDED),
            "Run": run.run_id,
            "Rank": "",
        })
        codes.append((extra.get("code_sha256") if isinstance(extra, dict) else None, run.created_at))
    table = pd.DataFrame(rows, columns=list(TABLE_COLUMNS))
    return mark_superseded(table, codes)


def mark_superseded(table: pd.DataFrame, codes: Sequence[tuple[Any, Any]]) -> pd.DataFrame:
    """A replaced submission's older runs (`submit --replace`: the new code has a new code hash, so a
    new run id, and the old runs stay in the store) get the Status SUPERSEDED and leave the ranking:
    among finished runs of one configuration under one protocol, a run whose code hash differs from
    the newest run's. `codes` is (code_sha256, created_at) per row; runs without a code hash are
    never marked."""
    if table.empty:
        return table
    out = table.copy()
    code = pd.Series([c for c, _ in codes], index=out.index, dtype=object)
    when = pd.to_datetime(pd.Series([w for _, w in codes], index=out.index), errors="coerce")
    done = out["Status"] == "done"
    for _, idx in out[done & code.notna()].groupby(["Submission", "Protocol"]).groups.items():
        newest = when[idx].idxmax() if when[idx].notna().any() else idx[-1]
        for i in idx:
            if code[i] != code[newest]:
                out.at[i, "Status"] = SUPERSEDED
    return out


def load_paper_results(path: Path = PAPER_RESULTS) -> dict[str, Any]:
    return json.loads(Path(path).read_text(encoding="utf-8"))


# the paper's figures (leaderboard/data/paper_results.json keys) by the catalogue column they fill
_PAPER_KEYS = {c.label: (c.metric.name if c.metric.name == "turn_weighted_f1" else f"{c.dataset}_{c.metric.name}")
               for c in METRIC_COLUMNS if c.metric.name in ("turn_weighted_f1", "f1", "turns") and not c.over}


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
        name = f"v1 {str(d['strategy']).replace('_', ' ')}" + (f" ({d['code_model'] or d['dialog_model']})"
                                        if (d.get("code_model") or d.get("dialog_model")) else "")
        rows.append({
            "Submission": name, "Source": REPORTED, "Strategy": d["strategy"],
            "Models": "; ".join(models) or "none", "Simulator": simulator,
            **{label: d[key] for label, key in _PAPER_KEYS.items()},
            **{c.interval_label: "" for c in METRIC_COLUMNS if c.label in _PAPER_KEYS and c.interval_label},
            "Config": "", "Protocol": V1_PROTOCOL, "Dialogs": None, AGENT_ERRORS: None, "Status": "reported (v1 paper, not reproduced)", "Isolation": "",
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
    return sort_table(table, TW_F1, descending=True)


def sort_table(table: pd.DataFrame, column: str, descending: bool = True) -> pd.DataFrame:
    """Server-side sort (the browser also sorts on header click); missing values last."""
    return table.sort_values(column, ascending=not descending, na_position="last",
                             kind="stable").reset_index(drop=True)


def select_columns(table: pd.DataFrame, columns: Sequence[str]) -> pd.DataFrame:
    """The column chooser: keep the chosen columns, in table order; Rank and Submission always stay."""
    keep = [c for c in table.columns if c in set(columns) or c in ("Rank", "Submission")]
    return table[keep]


_CONDITION = re.compile(r"^\s*(?P<col>[A-Za-z][\w .%/()-]*?)\s*(?P<op>>=|<=|!=|==|=|>|<)\s*(?P<num>-?\d+(?:\.\d+)?)\s*$")
_OPERATOR = re.compile(r"^\s*(?P<col>[^<>=!]*?)\s*(?P<op>>=|<=|!=|==|=|>|<)\s*(?P<rest>.*)$")


def parse_filter(text: str) -> tuple[list[tuple[str, str, float]], list[str]]:
    """"TW-F1 >= 30; Avg turns < 10; react" -> numeric conditions (column, op, number) and text
    terms. Numbers compare as numbers (10 > 9), not as text. A part with a comparison operator is
    a condition or an error (ValueError naming the part): never silently a word search."""
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
            continue
        op = _OPERATOR.match(part)
        if op:
            if not op["rest"].strip():
                raise ValueError(f"filter {part!r}: a number is missing after {op['op']!r}")
            raise ValueError(f"filter {part!r}: {op['rest'].strip()!r} is not a number "
                             f"(write e.g. \"{op['col'] or TW_F1} {op['op']} 30\")")
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
    return with_ranks(sort_table(out, TW_F1, descending=True))


def with_ranks(ranked: pd.DataFrame) -> pd.DataFrame:
    """Rank numbers for a ranking (best first): "1" for the top run, "=1" for a run whose TW-F1
    interval overlaps the top run's (not distinguishable from it), else its position. A run
    without a TW-F1 has no rank."""
    out = ranked.copy()
    top = interval_bounds(out[ci_label(TW_F1)].iloc[0]) if len(out) else None
    ranks = []
    for i, (value, ci) in enumerate(zip(out[TW_F1], out[ci_label(TW_F1)])):
        if is_missing(value):
            ranks.append("")
        elif i == 0:
            ranks.append("1")
        else:
            b = interval_bounds(ci)
            tied = top is not None and b is not None and b[0] <= top[1] and top[0] <= b[1]
            ranks.append("=1" if tied else str(i + 1))
    out["Rank"] = ranks
    return out


def scatter_frame(table: pd.DataFrame) -> pd.DataFrame:
    """F1 against turns (averages over the datasets), one point per row that has both."""
    df = table.dropna(subset=[AVG_F1, AVG_TURNS])
    return pd.DataFrame({  # render.scatter_svg reads the first columns by position (_0 .. _7)
        AVG_TURNS: df[AVG_TURNS].astype(float), AVG_F1: df[AVG_F1].astype(float),
        "Source": df["Source"], "Submission": df["Submission"], "Simulator": df["Simulator"],
        TW_F1: df[TW_F1].astype(float),
        "F1 CI": df[ci_label(AVG_F1)], "Turns CI": df[ci_label(AVG_TURNS)], "Run": df["Run"],
    }).reset_index(drop=True)


def interval_bounds(text: str) -> tuple[float, float] | None:
    """The numbers back from interval_text ("[1.0, 2.0] n=4" -> (1.0, 2.0)); None for n/a or empty."""
    m = re.match(r"^\[(-?[\d.]+), (-?[\d.]+)\]", text or "")
    return (float(m[1]), float(m[2])) if m else None



_INTERVAL = re.compile(r"^\[(-?[\d.]+), (-?[\d.]+)\](?: n=(\d+))?")


def export_frame(shown: pd.DataFrame) -> pd.DataFrame:
    """The table as shown (its rows in the order shown, its columns), each interval column replaced
    by numeric `<column> low`, `<column> high` and `<column> n` columns."""
    out = pd.DataFrame(index=shown.index)
    for col in shown.columns:
        if col not in INTERVAL_COLUMNS:
            out[col] = shown[col]
            continue
        parsed = [_INTERVAL.match(str(v or "")) for v in shown[col]]
        out[f"{col} low"] = [float(p[1]) if p else None for p in parsed]
        out[f"{col} high"] = [float(p[2]) if p else None for p in parsed]
        out[f"{col} n"] = pd.array([int(p[3]) if p and p[3] else None for p in parsed], dtype="Int64")
    return out.reset_index(drop=True)


def table_export(table: pd.DataFrame) -> tuple[str, str]:
    """(CSV with a header row, JSON records) of a table as shown, intervals as numbers."""
    frame = export_frame(table)
    return frame.to_csv(index=False), frame.to_json(orient="records", indent=1)
