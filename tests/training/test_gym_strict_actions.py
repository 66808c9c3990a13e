"""The Gymnasium environment refuses every action outside its action space (and its two plain
forms) with `InvalidActionError` (Gymnasium's `InvalidAction`, a `ValueError`) naming the space
and what was wrong; the episode is untouched, so the next valid action plays as if the bad one
had never been sent. Before, `{id: "no"}` predicted eligible, `{"kind": 2}` predicted, a partial
verdict mapping ended the episode with reward 0 and `""` cost a turn."""
from __future__ import annotations

import numpy as np
import pytest
from gymnasium import error

from eligibench.training import EligibilityEnv, InvalidActionError, load_episodes
from tests.conftest import ROOT

pytestmark = pytest.mark.needs_datasets  # the published rows (`dvc repro`)

SPACE = "Dict(kind=Discrete(2), question=Text(1..2000 printable ASCII characters), verdicts=MultiBinary(100))"


@pytest.fixture(scope="module")
def env():
    return EligibilityEnv(project=ROOT, split="public", episodes=load_episodes("public", "2024", ROOT))


def _dict(kind=0, question="How old are you?", verdicts=None):
    return {"kind": kind, "question": question, "verdicts": [0] * 100 if verdicts is None else verdicts}


# (the invalid action given the household's opportunity ids, what the message must say)
INVALID = {
    "verdict 'no' (a str)": (lambda ids: {i: "no" for i in ids}, "is 'no' (str), expected True or False"),
    "verdict 1 (an int)": (lambda ids: {i: 1 for i in ids}, "is 1 (int), expected True or False"),
    "verdict numpy bool": (lambda ids: {i: np.bool_(True) for i in ids}, "expected True or False"),
    "partial verdict mapping": (lambda ids: {ids[0]: True}, "has 1 of {n} opportunities, missing"),
    "verdict for another opportunity": (lambda ids: {**{i: True for i in ids}, "NotAsked": False},
                                        "did not ask about: ['NotAsked']"),
    "empty question": (lambda ids: "", "the question is '': expected a non-empty question"),
    "blank question": (lambda ids: "  \n", "expected a non-empty question"),
    "question too long": (lambda ids: "?" * 2001, "has 2001 characters, at most 2000"),
    "kind 2": (lambda ids: _dict(kind=2), "'kind' is 2 (int), not in Discrete(2)"),
    "kind -1": (lambda ids: _dict(kind=-1), "'kind' is -1 (int), not in Discrete(2)"),
    "kind a str": (lambda ids: _dict(kind="1"), "'kind' is '1' (str), not in Discrete(2)"),
    "dict missing verdicts": (lambda ids: {"kind": 0, "question": "How old are you?"}, "missing key(s) ['verdicts']"),
    "dict with an unknown key": (lambda ids: {**_dict(), "ready": True}, "unknown key(s) ['ready']"),
    "verdicts of the wrong length": (lambda ids: _dict(kind=1, verdicts=[1] * len(ids)),
                                     "of shape ({n},)), not in MultiBinary(100)"),
    "verdicts not 0/1": (lambda ids: _dict(kind=1, verdicts=[2] * 100), "not in MultiBinary(100)"),
    "kind-0 blank question": (lambda ids: _dict(question="   "), "'question' (kind 0) is '   '"),
    "kind-0 question outside the charset": (lambda ids: _dict(question="Quel âge avez-vous ?"),
                                            "'question' is 'Quel âge avez-vous ?' (str), not in Text(1..2000"),
    "kind-0 empty question": (lambda ids: _dict(question=""), "'question' is '' (str), not in Text(1..2000"),
    "an int": (lambda ids: 3, "action 3 (int) is not in the action space"),
    "None": (lambda ids: None, "action None (NoneType) is not in the action space"),
    "a list of bools": (lambda ids: [True] * len(ids), "(list) is not in the action space"),
}


@pytest.mark.parametrize("name", list(INVALID))
def test_an_invalid_action_raises_naming_the_space_and_leaves_the_episode_as_it_was(env, name):
    make, said = INVALID[name]
    _, info = env.reset(seed=0)
    ids = info["opportunities"]
    with pytest.raises(InvalidActionError) as caught:
        env.step(make(ids))
    message = str(caught.value)
    assert isinstance(caught.value, error.InvalidAction) and isinstance(caught.value, ValueError)
    assert said.format(n=len(ids)) in message, message
    assert SPACE in message and "\n" not in message and message.startswith("EligibilityEnv.step: ")
    # nothing happened: no turn spent, the episode goes on and a valid action plays as usual
    obs, reward, terminated, truncated, info = env.step("How old are you?")
    assert (obs["turn"], reward, terminated, truncated) == (1, -0.01, False, False)
    assert len(info["dialog"].turns) == 1 and "years old" in info["answer"]


def test_valid_actions_of_every_form_still_play(env):
    _, info = env.reset(seed=0)
    ids = info["opportunities"]
    _, r, term, _, _ = env.step(_dict(kind=np.int64(0), question="Where do you live?"))
    assert (r, term) == (-0.01, False)
    _, r, term, _, done = env.step({"kind": 1, "question": "x", "verdicts": np.ones(100, dtype=np.int8)})
    assert term and done["predictions"] == {i: True for i in ids} and 0 <= r <= 1
    _, info = env.reset(seed=0)
    truth = {p: bool(label) for p, label in zip(info["opportunities"], env.row.labels)}
    _, r, term, _, done = env.step(truth)
    assert term and r == 1.0 and done["accuracy"] == 1.0
