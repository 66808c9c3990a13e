"""QuotingUserModel: a TEST STAND-IN for the simulated user's language model.

Not a language model: it answers with the sentence of the profile (the system message after
"Household profile:") that shares the most words with the question. Deterministic, instant, no
server. It lets the submission flow (smoke dialogs, the queue) run without a model; runs it
produces are labelled QUOTING_LABEL so they are never mistaken for real ones.
"""
from __future__ import annotations

import os
import re

from eligibench.models import Completion

QUOTING_LABEL = "test:quoting-user (not a language model)"
QUOTING_ENV = "BENYFITS_QUOTING_USER"

_WORD = re.compile(r"[a-z0-9]+")
_STOP = frozenset("a an and are as at be by do does did for from has have how i in is it its me my of on or "
                  "the their them they this to was were what when where which who whom why will with you your "
                  "yours any anyone anything there".split())


class QuotingUserModel:
    """The ChatModel `chat` contract, answered by quoting the best-matching profile sentence."""

    label = QUOTING_LABEL

    def __init__(self) -> None:
        self.calls = 0

    def chat(self, messages, json_schema=None, max_tokens=None):
        self.calls += 1
        system = messages[0]["content"]
        profile = system.split("Household profile:", 1)[-1]
        sentences = [s.strip() for s in re.split(r"(?<=[.!?])\s+", profile) if s.strip()] or ["I don't know."]
        q = set(_WORD.findall(messages[-1]["content"].lower())) - _STOP
        best = max(sentences, key=lambda s: len(q & set(_WORD.findall(s.lower()))))
        if not q & set(_WORD.findall(best.lower())):
            best = "I don't know."
        return Completion(best, prompt_tokens=len(system) // 4, completion_tokens=max(1, len(best) // 4),
                          cached_tokens=None, latency_s=0.0, finish_reason="stop")

    def close(self) -> None:
        pass

    def __enter__(self):
        return self

    def __exit__(self, *exc) -> None:
        self.close()


def quoting_requested(flag: bool) -> bool:
    return flag or os.environ.get(QUOTING_ENV, "").strip().lower() in ("1", "true", "yes", "on")
