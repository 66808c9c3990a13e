"""Training, not only testing (issue 34): the Gymnasium environment, agents as its policies, and
finished runs exported as SFT/DPO datasets. Importing this package registers
`benyfits/Eligibility-v0` with Gymnasium (docs/training.md).

Modules:
- `episodes`: the households an environment draws from (split train | public | sealed, edition) and their briefs.
- `env`: `EligibilityEnv`, its spaces, reward and info (the module docstring documents them).
- `actions`: a step's action read strictly (`InvalidActionError` outside the action space).
- `policies`: an `Agent` as a policy (the harness's ask/ready/predict order), `run_episode`.
- `trajectories`: a run's dialogs as chat messages; SFT and DPO datasets with a card.
- `starter`: the teacher's dialogs on the train split as the starter SFT set (stage `teacher_data`).
"""
from __future__ import annotations

import gymnasium as gym

from eligibench.training import trajectories  # a namespace: record, sft_records, dpo_records, write_dataset
from eligibench.training.actions import InvalidActionError
from eligibench.training.env import ENV_DESCRIPTION, ENV_ID, EligibilityEnv
from eligibench.training.episodes import SPLITS, TEST_SPLITS, Episodes, load_episodes, train_config
from eligibench.training.policies import AgentPolicy, episode_result, run_episode, submission_policy
from eligibench.training.starter import StarterSet, teacher_sft

if ENV_ID not in gym.registry:
    gym.register(id=ENV_ID, entry_point="eligibench.training.env:EligibilityEnv")

__all__ = ["AgentPolicy", "ENV_DESCRIPTION", "ENV_ID", "EligibilityEnv", "Episodes", "InvalidActionError", "SPLITS", "StarterSet", "episode_result", "TEST_SPLITS", "load_episodes",
           "run_episode", "submission_policy", "teacher_sft", "train_config", "trajectories"]
