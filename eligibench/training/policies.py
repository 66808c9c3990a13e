"""Agents as environment policies, and one episode run to its end.

`AgentPolicy` drives an `Agent` (a submission's class, in-process) exactly as the harness's
dialog loop does: `start` at reset, then before each step `ready`; not ready and under the limit
-> `ask`; ready or at the limit -> `predict`. So an episode under a seed and a row gives the
dialog a harness run gives for that row (tests/training/test_env.py checks it against a run).
"""
from __future__ import annotations

from pathlib import Path
from typing import Any, Mapping

from eligibench import paths
from eligibench.evaluation.hosting import AgentContext, load_entry, load_manifest
from eligibench.results import DialogResult


class AgentPolicy:
    def __init__(self, agent: Any):
        self.agent = agent

    def begin(self, info: Mapping[str, Any]) -> None:
        """A new episode (after `env.reset`): the agent's `start`."""
        self.agent.start(info["dialog"].opportunities)

    def act(self, info: Mapping[str, Any]) -> Any:
        dialog = info["dialog"]
        if self.agent.ready(dialog) or len(dialog.turns) >= info["limit"]:
            return dict(self.agent.predict(dialog))
        return self.agent.ask(dialog)


def submission_policy(name: str, project: Path | str = Path("."), seed: int = 0,
                      options: Mapping[str, Any] | None = None) -> AgentPolicy:
    """A policy from a submission folder's agent (`submissions/<name>`), built with the manifest's
    options (over them `options`) and `seed`, as a harness trial seeds it. Model-free agents only
    (random, teacher): an agent with model roles needs a harness run."""
    folder = Path(project) / paths.SUBMISSIONS / name
    manifest = load_manifest(folder)
    if manifest.models:
        raise ValueError(f"{folder}: declares model roles {sorted(manifest.models)}; submission_policy runs model-free agents")
    cls = load_entry(manifest, manifest.entry_point)
    merged = {**manifest.options, **(options or {})}
    if "cache_dir" in merged and not (Path(project) / merged["cache_dir"]).exists():
        merged.pop("cache_dir")  # in-process: the teacher reads the project's own checkers and data
    return AgentPolicy(cls(AgentContext(seed=seed, options=merged)))


def episode_result(info: Mapping[str, Any], dataset: str, trial: int = 0) -> DialogResult:
    """A finished episode as the harness records a dialog (for `scoring.score` and exports)."""
    labels = {p["opportunity"]: p["label"] for p in info["pairs"]}
    return DialogResult(info["row_id"], dataset, trial, tuple(info["dialog"].turns), info["predictions"], labels,
                        info["termination"])


def run_episode(env: Any, policy: Any, seed: int | None = None, options: Mapping[str, Any] | None = None
                ) -> tuple[float, dict[str, Any]]:
    """One episode to its end: (return, the final info)."""
    _, info = env.reset(seed=seed, options=dict(options or {}))
    policy.begin(info)
    total, done = 0.0, False
    while not done:
        _, reward, terminated, truncated, info = env.step(policy.act(info))
        total += float(reward)
        done = terminated or truncated
    return total, info


