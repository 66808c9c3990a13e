"""The dataset stages' scratch project, built once per test session.

test_datasets_build.py and test_data_version.py each built their own project with the same params
but representative.count (5 and 4; neither test file depends on it): two `dvc repro` of the dataset
stages, 26-32 CPU-seconds each. Both files are marked `dvc`, which tests/conftest.py puts in one
xdist group, so one worker runs them both and a session fixture builds the project once for both.
Measured on 2 loaded cores, the two files: 210 CPU-s (255 s wall) before, 174 CPU-s (218 s) after,
with the bad-params cases sharing one project (test_datasets_build.py).
"""
from __future__ import annotations

from pathlib import Path

import pytest

from tests.scratch import DATASET_STAGES, dataset_params, dvc, make_project


@pytest.fixture(scope="session")
def built_datasets(tmp_path_factory, snapshot_2024) -> Path:
    """The dataset stages built once. Shared: a test that changes it restores it (or works on a
    `copy_project` in tests/scratch.py), so every user sees it as built, whatever the order."""
    proj = make_project(tmp_path_factory.mktemp("datasets") / "proj", dataset_params())
    r = dvc(proj, snapshot_2024, "repro", *DATASET_STAGES)
    assert r.returncode == 0, r.stdout + r.stderr
    return proj
