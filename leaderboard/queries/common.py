"""Helpers every query module shares: the read layer's names, page-safe text, number formatting."""
from __future__ import annotations

import json
import re
from typing import Any, Sequence

import pandas as pd

from eligibench.results import INTERVAL_NA_WORDS, Reader, SnapshotSource, StoreLockedError, StoreSource, open_source

_ABS_PATH = re.compile(r"(?<![\w.])(?:/[^\s/'\"`:,;()\[\]]+){2,}/?")
_PID = re.compile(r"\b(?:PID|pid|process id)[ :=]*\d+\b")


def sanitize(text: Any) -> str:
    """Text shown on a page: absolute server paths cut to their last part, process ids removed."""
    s = "" if text is None else str(text)
    s = _ABS_PATH.sub(lambda m: "…/" + m.group(0).rstrip("/").rsplit("/", 1)[-1], s)
    return _PID.sub("process", s)

def json_value(value: Any) -> Any:
    if value is None or (isinstance(value, float) and pd.isna(value)):
        return None
    if isinstance(value, (dict, list)):
        return value
    try:
        return json.loads(value)
    except (TypeError, ValueError):
        return value


def is_missing(v: Any) -> bool:
    return v is None or (not isinstance(v, str) and pd.isna(v))


def interval_text(low: Any, high: Any, households: Any = None) -> str:
    """"[lo, hi] n=44"; when the interval is degenerate, why in words (the catalogue's
    INTERVAL_NA_WORDS): fewer than two households behind it ("n/a: 1 household(s), too few for an
    interval": a bootstrap over one household says nothing) or zero width ("n/a: every resample
    gave the same value", e.g. F1 100 on every household); "" without an interval."""
    n = None if is_missing(households) else int(households)
    suffix = f" n={n}" if n is not None else ""
    few = INTERVAL_NA_WORDS["few"].format(n=n)
    if is_missing(low) or is_missing(high):
        return few if n is not None and n < 2 else ""
    if n is not None and n < 2:
        return few
    if round(float(high) - float(low), 6) == 0:
        return INTERVAL_NA_WORDS["flat"] + (f" ({n} households)" if n is not None else "")
    return f"[{low:.1f}, {high:.1f}]{suffix}"


def round_or_none(value: Any, digits: int = 1) -> float | None:
    if value is None or pd.isna(value):
        return None
    return round(float(value), digits)


def models_label(agent_models: Any) -> str:
    models = json_value(agent_models) or {}
    if not isinstance(models, dict) or not models:
        return "none"
    return "; ".join(f"{role}: {name}" for role, name in sorted(models.items()))


def date_text(value: Any) -> str:
    if value is None or (not isinstance(value, str) and pd.isna(value)):
        return ""
    return pd.Timestamp(value).strftime("%Y-%m-%d %H:%M")


def plain_value(v: Any) -> Any:
    """A JSON-able Python value from what DuckDB/pandas hand back."""
    if isinstance(v, (dict, list, str, bool)) or v is None:
        return v
    if is_missing(v):
        return None
    if hasattr(v, "isoformat"):
        return v.isoformat()
    if hasattr(v, "item"):
        return v.item()
    return v


def table_records(r: Reader, table: str, sql: str, params: Sequence[Any]) -> list[dict[str, Any]]:
    if not r.has(table):
        return []
    return [{k: (None if is_missing(v) else v) for k, v in x.items()} for x in r.records(sql, params)]


__all__ = ["Reader", "SnapshotSource", "StoreLockedError", "StoreSource", "interval_text", "models_label",
           "open_source", "sanitize"]
