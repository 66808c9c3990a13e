"""An unknown edition given to the Gymnasium environment says "no such edition" (naming the known
ones), not "no train split for this edition: build it" (which sent users to rebuild data that can
never exist)."""
from __future__ import annotations

from pathlib import Path

import gymnasium as gym
import pytest

from eligibench.errors import BenyfitsError
from eligibench.training import ENV_ID, load_episodes

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.parametrize("split", ["train", "public"])
def test_unknown_edition_is_no_such_edition(split, tmp_path):
    with pytest.raises(BenyfitsError, match=r"edition '2025': no such edition \(known: 2024, .*2026-08") as e:
        load_episodes(split, "2025", tmp_path)
    assert "build it" not in str(e.value) and "\n" not in str(e.value)


def test_the_environment_reset_names_the_edition(tmp_path):
    env = gym.make(ENV_ID, project=tmp_path, edition="2025")
    with pytest.raises(BenyfitsError, match="no such edition"):
        env.reset(seed=0)
