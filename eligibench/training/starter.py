"""The starter SFT set: the teacher's dialogs on the train split, made in the pipeline (stage
`teacher_data`). Small by default (params.yaml `train.teacher.episodes`); the same function makes
a bigger one (docs/training.md).

Episodes are drawn by seed from the train split (`reset(seed=seed + k)`), run in the environment
with the teacher as policy, and kept when every pair is right (`trajectories.sft_records`,
threshold 1.0). The environment reproduces a harness run (tests/training/test_env.py), so these
are the dialogs the harness would record for the teacher on those households.
"""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from eligibench.training import trajectories
from eligibench.training.env import EligibilityEnv
from eligibench.training.policies import episode_result, run_episode, submission_policy


@dataclass(frozen=True)
class StarterSet:
    records: tuple[dict[str, Any], ...]
    episodes: int
    mean_accuracy: float
    mean_turns: float
    mean_return: float


def teacher_sft(project: Path, episodes: int, seed: int = 0, edition: str = "2024", threshold: float = 1.0,
                max_questions: int | None = None) -> tuple[StarterSet, trajectories.Source]:
    env = EligibilityEnv(split="train", edition=edition, project=project, max_questions=max_questions)
    policy = submission_policy("teacher", project)
    pairs, returns = [], []
    source = None
    for k in range(episodes):
        ret, info = run_episode(env, policy, seed=seed + k)
        returns.append(ret)
        if source is None:
            eps = env.episodes("train", edition)
            protocol = {"split": "train", "edition": edition, "simulator": info["mode"], "question_cap": max_questions,
                        "source": "environment benyfits/Eligibility-v0", "policy": "teacher"}
            source = trajectories.Source(f"teacher-env-seed{seed}", "train", protocol, eps.briefs)
        pairs.append((source, episode_result(info, "train")))
    records = trajectories.sft_records(pairs, threshold)
    n = max(1, len(pairs))
    return StarterSet(tuple(records), len(pairs), sum(trajectories.accuracy(d) for _, d in pairs) / n,
                      sum(len(d.turns) for _, d in pairs) / n, sum(returns) / n), source
