"""Issue 34: the Gymnasium environment. Registered, passes Gymnasium's check_env, deterministic
by seed, runs as a vector of environments, and reproduces a harness run's dialogs and score for
the same policy (the teacher) on the same households."""
from __future__ import annotations

import copy
import shutil

import gymnasium as gym
import pytest
from gymnasium.utils.env_checker import check_env

from eligibench import params, paths
from eligibench.evaluation.hosting import import_submission_module, load_manifest
from eligibench.evaluation.run import read_config, resolve_run, run_submission
from eligibench.evaluation.scoring import score
from eligibench.results import ResultStore
from eligibench.training import ENV_ID, episode_result, load_episodes, run_episode, submission_policy
from tests.conftest import ROOT

pytestmark = pytest.mark.needs_datasets  # the published rows (`dvc repro`)


@pytest.fixture(scope="module")
def public():
    return load_episodes("public", "2024", ROOT)


def test_registered_and_passes_check_env(public):
    env = gym.make(ENV_ID, project=ROOT, episodes=public, split="public")
    check_env(env.unwrapped)
    obs, info = env.reset(seed=3)
    assert env.observation_space.contains(obs) and obs["turn"] == 0
    assert all(f"- {oid}: " in obs["text"] for oid in info["opportunities"]) and obs["text"].startswith("- ")


def test_deterministic_by_seed_and_return_is_accuracy_minus_turn_cost(public):
    env = gym.make(ENV_ID, project=ROOT, episodes=public, split="public", turn_cost=0.02)
    runs = [run_episode(env, submission_policy("teacher", ROOT), seed=11) for _ in range(2)]
    (ret, info), (ret2, info2) = runs
    assert ret == ret2 and info["row_id"] == info2["row_id"] and info["pairs"] == info2["pairs"]
    assert [t.answer for t in info["dialog"].turns] == [t.answer for t in info2["dialog"].turns]
    assert ret == pytest.approx(info["accuracy"] - 0.02 * info["turns"])
    assert info["termination"] == "ready" and info["turns"] > 5
    assert all(p["explanation"] for p in info["pairs"]) and {c["verdict"] for c in info["simulator_checks"]} <= {
        "faithful", "unchecked"}
    other = {run_episode(env, submission_policy("random", ROOT), seed=s)[1]["row_id"] for s in range(6)}
    assert len(other) > 1  # the seed picks the household


def test_a_question_past_the_limit_truncates_with_every_pair_wrong(public):
    env = gym.make(ENV_ID, project=ROOT, episodes=public, split="public", max_questions=1)
    env.reset(seed=0)
    _, r1, term, trunc, _ = env.step("How old are you?")
    assert (r1, term, trunc) == (-0.01, False, False)
    _, r2, term, trunc, info = env.step("Where do you live?")
    assert (r2, term, trunc) == (0.0, False, True) and info["termination"] == "turn_limit"


def test_options_reach_the_simulated_user(public):
    """persona (helper D's, issue 32) and edition are options of the episode, as of a run."""
    env = gym.make(ENV_ID, project=ROOT, episodes=public, split="public")
    _, info = env.reset(seed=4, options={"persona": "hard"})
    assert info["mode"] == "grounded:lexical/template persona:hard"
    _, info = env.reset(seed=4)
    assert info["mode"] == "grounded:lexical/template"
    later = gym.make(ENV_ID, project=ROOT, split="public", edition="2026-08")
    _, info = later.reset(seed=0)
    assert info["row_id"].startswith(("diverse-2026-08-", "representative-2026-08-"))


def test_vector_of_environments(public):
    envs = gym.vector.SyncVectorEnv([lambda: gym.make(ENV_ID, project=ROOT, episodes=public, split="public")] * 2)
    obs, _ = envs.reset(seed=[1, 2])
    obs, reward, term, trunc, _ = envs.step({"kind": [0, 1], "question": ("How old are you?", "x"),
                                             "verdicts": [[0] * 100, [1] * 100]})
    assert list(term) == [False, True] and reward[0] == pytest.approx(-0.01) and 0 <= reward[1] <= 1
    assert "years old" in obs["text"][0]


@pytest.mark.needs_bwrap
def test_reproduces_the_harness_score_for_the_same_policy(tmp_path, public):
    proj = tmp_path / "project"
    (proj / "submissions").mkdir(parents=True)
    shutil.copytree(ROOT / "submissions" / "teacher", proj / "submissions" / "teacher",
                    ignore=shutil.ignore_patterns("__pycache__"))
    (proj / paths.DATASET_DIR).symlink_to(ROOT / paths.DATASET_DIR)
    import_submission_module(ROOT / "submissions" / "teacher", "knowledge").build(
        proj / "generated" / "teacher", ROOT / paths.DATASET_DIR, ROOT / paths.CHECKERS)
    raw = copy.deepcopy(params.load(ROOT / paths.PARAMS))
    raw["evaluate"].update(runs={"teacher": {"submission": "teacher"}}, subset={"diverse": 3, "representative": 2},
                           max_questions=6, bootstrap=10, store="results/test.duckdb", isolation="jail")
    config = read_config(raw)
    resolved = resolve_run(config, load_manifest(proj / "submissions" / "teacher"), config.run("teacher"), project=proj)
    summary = run_submission(resolved, project=proj)
    harness = ResultStore(proj / "results" / "test.duckdb").dialog_results(summary["run_id"])
    env = gym.make(ENV_ID, project=ROOT, episodes=public, split="public", max_questions=6)
    mine = [episode_result(run_episode(env, submission_policy("teacher", ROOT), options={"row_id": h.row_id})[1], h.dataset)
            for h in harness]
    for h, m in zip(harness, mine):
        assert [(t.question, t.answer) for t in h.turns] == [(t.question, t.answer) for t in m.turns]
        assert dict(h.predictions) == m.predictions and h.termination == m.termination
    for dataset in ("diverse", "representative"):
        assert score(m for m in mine if m.dataset == dataset) == score(h for h in harness if h.dataset == dataset)
