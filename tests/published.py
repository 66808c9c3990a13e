"""The published evaluation datasets the sweeps over "every published pair" read.

Diverse and Representative of each edition: the rows whose dialogs the board, `view` and `play`
explain. The train configurations are left out on purpose: no page shows their explanations (they
are training data, 10,000 rows of the same generators), and including them made two sweeps run
126,218 pairs instead of about 1,200 (over 45 minutes)."""
from __future__ import annotations

from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


def published_evaluation_files() -> list[tuple[Path, str]]:
    """(parquet, edition) for every built evaluation dataset; a failure when none is built (the
    callers are marked needs_datasets, so CI's third pass runs them after `dvc repro`)."""
    folder = ROOT / "benyfits" / "data"
    files = sorted(folder.glob("*/*.parquet")) if folder.is_dir() else []
    chosen = [(f, f.stem.split("-", 1)[1] if "-" in f.stem else "2024")
              for f in files if f.stem.split("-", 1)[0] in ("diverse", "representative")]
    if not chosen:
        pytest.fail("marked needs_datasets, yet what `dvc repro` builds is missing here")
    return chosen
