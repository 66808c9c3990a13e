"""The Gymnasium environment's optional recommendation: the action dict of kind 1 may carry the
program to apply to first; the episode's final info has the household's priorities, the gold
recommendation (its highest-weight eligible program, "none" when none) and whether it matched;
a recommendation that is not an opportunity of the episode, or comes with a question, is refused."""
from __future__ import annotations

import numpy as np
import pytest

from eligibench.training import EligibilityEnv, InvalidActionError, load_episodes
from tests.conftest import ROOT

pytestmark = pytest.mark.needs_datasets


@pytest.fixture(scope="module")
def env():
    return EligibilityEnv(project=ROOT, split="public", episodes=load_episodes("public", "2024", ROOT))


def _predict(env, recommendation):
    return {"kind": 1, "question": "x", "verdicts": np.zeros(100, dtype=np.int8), "recommendation": recommendation}


def test_the_gold_recommendation_is_scored_at_the_end(env):
    _, info = env.reset(seed=3, options={"index": 0})
    ids = info["opportunities"]
    *_, end = env.step(_predict(env, ids[0]))
    weights = end["priorities"]
    assert set(weights) == set(ids) and sum(weights.values()) == pytest.approx(1.0, abs=1e-4)
    eligible = [o for o, p in zip(ids, env.row.labels) if p]
    gold = max(eligible, key=weights.__getitem__) if eligible else "none"  # weights are untied (seeded noise)
    assert end["gold_recommendation"] == gold
    assert end["recommendation"] == ids[0] and end["recommendation_match"] == (ids[0] == gold)
    env.reset(seed=3, options={"index": 0})
    *_, end = env.step(_predict(env, gold))
    assert end["recommendation_match"] is True
    env.reset(seed=3, options={"index": 0})
    *_, end = env.step({o: False for o in ids})  # no recommendation: no match either way
    assert end["recommendation"] is None and end["recommendation_match"] is None


def test_a_bad_recommendation_is_refused_and_the_episode_goes_on(env):
    env.reset(seed=3, options={"index": 0})
    with pytest.raises(InvalidActionError, match="recommend returned 'SNAPX'"):
        env.step(_predict(env, "SNAPX"))
    with pytest.raises(InvalidActionError, match="comes with the verdicts"):
        env.step({"kind": 0, "question": "How old are you?", "verdicts": np.zeros(100, dtype=np.int8),
                  "recommendation": "none"})
    *_, end = env.step(_predict(env, "none"))  # still open
    assert end["recommendation"] == "none"
