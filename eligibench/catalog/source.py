"""The NYC Open Data "Benefits and Programs" source (Socrata dataset kvhd-5fmu): live or snapshot."""
from __future__ import annotations

import hashlib
import json
import os
import urllib.error
import urllib.parse
import urllib.request
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from eligibench.errors import BenyfitsError

DEFAULT_URL = "https://data.cityofnewyork.us/resource/kvhd-5fmu.json"
SNAPSHOT_ENV = "BENYFITS_NYC_SNAPSHOT"  # path to a Socrata-format JSON file, used when live fails
OFFLINE_ENV = "BENYFITS_OFFLINE"  # "1": do not try the live API at all
# A folder of dated pulls named kvhd-5fmu-<edition>.json (e.g. ../shared/nyc-open-data): the pull
# each edition was curated from, for drift that says what moved and for checking an edition's
# sha256s. Never copied into the repo; without it those checks are reported as not done.
SNAPSHOTS_ENV = "BENYFITS_NYC_SNAPSHOTS"


def edition_pull(snapshot_name: str) -> SourcePull | None:
    """The named pull (e.g. "kvhd-5fmu-2024.json") from $BENYFITS_NYC_SNAPSHOTS, or None when unset."""
    folder = os.environ.get(SNAPSHOTS_ENV)
    if not folder:
        return None
    path = Path(folder) / snapshot_name
    rows = load_snapshot(path)
    return SourcePull("snapshot", path.name, _data_date(rows), rows)


@dataclass(frozen=True)
class SourcePull:
    """What the fetch stage got: rows in Socrata's record format and where they came from."""

    origin: str  # "live" | "snapshot" | "unavailable"
    location: str | None
    data_date: str | None  # newest updated_at in the rows, when the source carries it
    rows: tuple[dict[str, Any], ...] = field(default=())
    note: str = ""

    def to_dict(self) -> dict[str, Any]:
        return {"origin": self.origin, "location": self.location, "data_date": self.data_date,
                "rows_sha256": rows_sha256(self.rows), "note": self.note, "rows": list(self.rows)}

    @classmethod
    def from_dict(cls, raw: dict[str, Any]) -> SourcePull:
        return cls(raw["origin"], raw.get("location"), raw.get("data_date"), tuple(raw.get("rows", ())), raw.get("note", ""))


def rows_sha256(rows: tuple[dict, ...] | list[dict]) -> str:
    return hashlib.sha256(json.dumps(list(rows), sort_keys=True).encode()).hexdigest()


def _validate_rows(rows: Any, where: str) -> tuple[dict[str, Any], ...]:
    if not isinstance(rows, list):
        raise BenyfitsError(f"{where}: expected a JSON list of Socrata records, got {type(rows).__name__}")
    for i, r in enumerate(rows):
        if not isinstance(r, dict) or not isinstance(r.get("program_name"), str):
            raise BenyfitsError(f"{where}: record {i}: expected an object with a string 'program_name'")
        if not isinstance(r.get("plain_language_eligibility", ""), str):
            raise BenyfitsError(f"{where}: record {i} ({r['program_name']}): 'plain_language_eligibility' must be a string")
    return tuple(rows)


def _data_date(rows: tuple[dict[str, Any], ...]) -> str | None:
    dates = [r["updated_at"] for r in rows if isinstance(r.get("updated_at"), str)]
    return max(dates)[:10] if dates else None


def fetch_live(url: str, timeout_s: float, page_size: int) -> tuple[dict[str, Any], ...]:
    """Every record, paged with $limit/$offset in a stable order (Socrata caps one page)."""
    rows: list[dict[str, Any]] = []
    offset = 0
    while True:
        query = urllib.parse.urlencode({"$limit": page_size, "$offset": offset, "$order": ":id"})
        with urllib.request.urlopen(f"{url}?{query}", timeout=timeout_s) as resp:
            page = json.loads(resp.read().decode("utf-8"))
        rows.extend(_validate_rows(page, url))
        if len(page) < page_size:
            return tuple(rows)
        offset += page_size


def load_snapshot(path: Path) -> tuple[dict[str, Any], ...]:
    try:
        raw = json.loads(Path(path).read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise BenyfitsError(f"{path}: snapshot file not found (set by {SNAPSHOT_ENV})") from None
    except json.JSONDecodeError as e:
        raise BenyfitsError(f"{path}: not valid JSON: {e}") from None
    return _validate_rows(raw, str(path))


def pull(url: str = DEFAULT_URL, timeout_s: float = 10.0, page_size: int = 1000,
         snapshot: str | None = None, offline: bool | None = None) -> SourcePull:
    """Live first; on failure the configured snapshot; else "unavailable" (the pipeline goes on)."""
    snapshot = snapshot if snapshot is not None else os.environ.get(SNAPSHOT_ENV) or None
    offline = offline if offline is not None else os.environ.get(OFFLINE_ENV) == "1"
    why = "live source not tried (offline)"
    if not offline:
        try:
            rows = fetch_live(url, timeout_s, page_size)
            return SourcePull("live", url, _data_date(rows), rows)
        except (urllib.error.URLError, TimeoutError, OSError, ValueError, BenyfitsError) as e:
            why = f"live source unreachable: {e}"
    if snapshot:
        rows = load_snapshot(Path(snapshot))
        # the snapshot's own name, not its absolute path, so builds on other machines match
        return SourcePull("snapshot", Path(snapshot).name, _data_date(rows), rows, why)
    return SourcePull("unavailable", None, None, (), why + f"; no snapshot configured ({SNAPSHOT_ENV})")
