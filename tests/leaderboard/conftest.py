"""Leaderboard tests: the `leaderboard` package sits at the project root (not an installed package)."""
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))


@pytest.fixture(scope="session")
def lb_dataset(tmp_path_factory) -> Path:
    """A tiny dataset folder in the published layout: fuzzed households labelled by the real checkers."""
    from tests.leaderboard.synthetic import make_dataset

    folder = tmp_path_factory.mktemp("lb-dataset")
    make_dataset(folder, n_diverse=3, n_representative=2)
    return folder
