"""The leaderboard's settings (what `benyfits leaderboard` options set)."""
from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from eligibench import paths
from leaderboard.queries import PAPER_RESULTS
from leaderboard.upload import Limits

READ_TIMEOUT_S = 2.0  # how long one request waits for a writer before serving the last good data


@dataclass(frozen=True)
class AppConfig:
    store: Path  # the DuckDB results file (also where uploads are queued)
    snapshot: Path | None = None  # read Parquet snapshots instead of the live store
    submissions: Path = paths.SUBMISSIONS
    dataset_dir: Path = paths.DATASET_DIR
    opportunities_dir: Path | None = paths.OPPORTUNITIES
    audit_file: Path | None = paths.AUDIT_JSON
    paper_results: Path = PAPER_RESULTS
    limits: Limits = field(default_factory=Limits)
    allow_upload: bool = True
    uploads_per_hour: int = 5  # per client address
    read_timeout: float = READ_TIMEOUT_S
    # issue 20: the Play tab (leaderboard/tabs/play.py); `project` holds params.yaml and the store it writes
    allow_play: bool = True
    plays_per_hour: int = 20  # dialogs started per client address
    project: Path = Path(".")

