from __future__ import annotations

import shutil
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture
def project(tmp_path) -> Path:
    """A project folder: a small synthetic published dataset and the shipped params (grounded
    lexical/template simulator: no model is started)."""
    from tests.leaderboard.synthetic import make_dataset

    make_dataset(tmp_path / "benyfits", n_diverse=3, n_representative=2)
    shutil.copy(ROOT / "params.yaml", tmp_path / "params.yaml")
    (tmp_path / "submissions").symlink_to(ROOT / "submissions")
    return tmp_path
