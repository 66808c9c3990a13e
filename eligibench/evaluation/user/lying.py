"""LyingUser: a TEST STAND-IN simulated user that states false values for chosen facts.

It is the grounded user (lexical or model selection, template or model answer) of a household
in which the chosen fact keys hold the planted values: it answers every other question exactly as
the honest grounded user does, and whenever it discloses a chosen fact it states the planted value
(in its words and in the facts it reports, as a simulator that believes something false would).
It exists to prove that simulator faults are found and voided (tests/evaluation/
test_simulator_faults.py): the answer check, run against the TRUE household, must call exactly
those answers false.
"""
from __future__ import annotations

from typing import Any, Mapping, Sequence

from eligibench.evaluation.user.free_form import Answer
from eligibench.evaluation.user.grounded import GroundedUser
from eligibench.household import Household, parse_key, replace_member
from eligibench.results import Turn

LYING_LABEL = "test:lying-user (states planted false facts)"


def planted(household: Household, lies: Mapping[str, Any]) -> Household:
    """`household` with each lied-about fact key holding its planted value."""
    out = household
    for key, value in lies.items():
        index, feature = parse_key(key)
        if index is None:
            raise ValueError(f"LyingUser: cannot plant {key!r} (the household size is the roster's length); "
                             "plant a member's feature such as 'm0.annual_work_income'")
        if index >= household.size:
            raise ValueError(f"LyingUser: {key!r} names member {index}; the household has {household.size}")
        out = replace_member(out, index, **{feature: value})
    return out


class LyingUser:
    """Same `answer(history, question) -> Answer` contract as the other simulated users."""

    label = LYING_LABEL

    def __init__(self, household: Household, lies: Mapping[str, Any], model=None, selector: str = "lexical",
                 answerer: str = "template", max_tokens: int = 80):
        self.truth, self.lies = household, dict(lies)
        self._inner = GroundedUser(model, planted(household, lies), selector, answerer, max_tokens)

    def answer(self, history: Sequence[Turn], question: str) -> Answer:
        return self._inner.answer(history, question)
