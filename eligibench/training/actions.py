"""The environment's actions, read strictly: an action outside the action space raises
`InvalidActionError` (Gymnasium's `error.InvalidAction`, also a `ValueError`) naming the space and
what was wrong, never a silent guess.

Gymnasium's own environments check `action_space.contains(action)` in `step` (CartPole and
LunarLander assert it, CarRacing raises `InvalidAction`); an assert vanishes under `python -O`,
so this raises. Before, `{id: "no"}` counted as predicted eligible (`bool("no")`), `{"kind": 2}`
as a prediction, a verdict mapping missing opportunities ended the episode with those pairs
wrong, and `""` cost a turn. The three accepted forms, each as strict as the harness's dialog loop
is with an agent (`run.dialog_loop`: a non-empty question of at most 2000 characters; a verdict for
every opportunity, each true or false):

- the action space's dict `{kind, question, verdicts}` (`action_space.contains`, and a kind-0
  question must not be blank);
- a `str`: a question (any characters, as an agent's `ask` may return);
- a mapping {opportunity id: bool} with every id of `info["opportunities"]`, as an agent's
  `predict` returns.
"""
from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import numpy as np
from gymnasium import error, spaces

from eligibench.errors import BenyfitsError

ASK, PREDICT = 0, 1


class InvalidActionError(BenyfitsError, error.InvalidAction, ValueError):
    """An action outside the environment's action space (or its two plain forms)."""


def _shown(value: Any, limit: int = 80) -> str:
    text = repr(value)
    return text if len(text) <= limit else text[:limit] + "..."


def space_text(space: spaces.Space) -> str:
    """The space on one line (Text's own repr lists its whole charset, tab and newline included)."""
    if isinstance(space, spaces.Dict):
        return "Dict(" + ", ".join(f"{k}={space_text(v)}" for k, v in space.spaces.items()) + ")"
    if isinstance(space, spaces.Text):
        return f"Text({space.min_length}..{space.max_length} printable ASCII characters)"
    return repr(space)


def _question(text: str, limit: int, where: str) -> str:
    if not text.strip():
        raise InvalidActionError(f"EligibilityEnv.step: {where} is {_shown(text)}: expected a non-empty question "
                                 "(a blank question would cost a turn and ask nothing)")
    if len(text) > limit:
        raise InvalidActionError(f"EligibilityEnv.step: {where} has {len(text)} characters, at most {limit} "
                                 "(as the harness's dialog loop)")
    return text


def _verdict_mapping(action: Mapping, ids: Sequence[str]) -> dict[str, bool]:
    unknown = sorted(str(k) for k in action if k not in ids)
    if unknown:
        raise InvalidActionError(f"EligibilityEnv.step: verdicts for opportunities this household did not ask about: "
                                 f"{unknown[:3]} (expected the ids of info['opportunities'])")
    missing = [i for i in ids if i not in action]
    if missing:
        raise InvalidActionError(f"EligibilityEnv.step: the verdict mapping has {len(ids) - len(missing)} of "
                                 f"{len(ids)} opportunities, missing {missing[:3]}: give a verdict for every id of "
                                 "info['opportunities'] (a missing one would end the episode scored wrong)")
    bad = {k: v for k, v in action.items() if type(v) is not bool}
    if bad:
        k, v = next(iter(bad.items()))
        raise InvalidActionError(f"EligibilityEnv.step: verdict {k!r} is {_shown(v)} ({type(v).__name__}), expected "
                                 f"True or False ({len(bad)} such verdict(s))")
    return {i: action[i] for i in ids}


def _space_problem(space: spaces.Dict, action: Mapping) -> str:
    """What makes a dict action fall outside `space`, in words ('' when it is inside)."""
    if not isinstance(action, dict):
        return f"a {type(action).__name__}, expected a dict"
    if action.keys() != space.spaces.keys():
        missing = sorted(set(space.spaces) - set(action))
        extra = sorted(str(k) for k in set(action) - set(space.spaces))
        return "; ".join(filter(None, (f"missing key(s) {missing}" if missing else "",
                                       f"unknown key(s) {extra}" if extra else "")))
    for key, sub in space.spaces.items():
        if action[key] not in sub:
            value = action[key]
            shape = f" of shape {np.shape(value)}" if isinstance(value, (np.ndarray, list, tuple)) else ""
            return f"{key!r} is {_shown(value)} ({type(value).__name__}{shape}), not in {space_text(sub)}"
    return ""


def read_action(action: Any, space: spaces.Dict, ids: Sequence[str], max_question: int
                ) -> tuple[int, str, dict[str, bool] | None]:
    """(kind, question, verdicts) of one step's action; InvalidActionError when it is none of the
    accepted forms, naming the action space and what was wrong."""
    try:
        return _read(action, space, ids, max_question)
    except InvalidActionError as e:
        if space_text(space) in str(e):
            raise
        raise InvalidActionError(f"{e}; actions are the action space {space_text(space)}, a question (str) or "
                                 "verdicts {opportunity id: bool}") from None


def _read(action: Any, space: spaces.Dict, ids: Sequence[str], max_question: int
          ) -> tuple[int, str, dict[str, bool] | None]:
    if isinstance(action, str):
        return ASK, _question(action, max_question, "the question"), None
    if isinstance(action, Mapping) and "kind" not in action:
        return PREDICT, "", _verdict_mapping(action, ids)
    if isinstance(action, Mapping):
        problem = _space_problem(space, action)
        if problem:
            raise InvalidActionError(f"EligibilityEnv.step: action not in the action space {space_text(space)}: {problem}")
        if int(action["kind"]) == ASK:
            return ASK, _question(action["question"], max_question, "'question' (kind 0)"), None
        bits = np.asarray(action["verdicts"]).astype(bool).tolist()
        return PREDICT, "", {i: bits[k] for k, i in enumerate(ids)}
    raise InvalidActionError(f"EligibilityEnv.step: action {_shown(action)} ({type(action).__name__}) is not in the "
                             f"action space {space_text(space)}: expected its dict, a question (str) or verdicts "
                             "{opportunity id: bool}")
