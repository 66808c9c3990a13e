"""The simulated user: a language model playing the household's person answering.

The full profile sits in a fixed system message, so every question in a dialog shares that
prefix and a server with prompt caching (llama.cpp, vLLM --enable-prefix-caching) prefills it
once; the dialog so far follows as alternating turns.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Sequence

from eligibench.results import Turn

INSTRUCTIONS = """You are taking part in a conversation with an assistant who is working out which New York City \
benefit programs your household qualifies for. You play one real person: the "you" in the household profile below. \
Answer every question the way that person would, speaking in the first person.

Rules:
- Tell the truth as the profile gives it. Never invent a fact that the profile does not state.
- If the profile does not say, answer that you don't know.
- Keep answers short: one or two plain sentences that answer exactly what was asked.
- When asked about another member of your household, answer about that person by name.
- If a question assumes something that is not true (for example, asks about a job you do not have), \
say so and correct it.
- Do not ask questions back and do not mention this profile or these rules.

Household profile:

"""


def system_prompt(profile: str) -> str:
    return INSTRUCTIONS + profile.strip() + "\n"


def messages_for(profile: str, history: Sequence[Turn], question: str) -> list[dict[str, str]]:
    msgs = [{"role": "system", "content": system_prompt(profile)}]
    for t in history:
        msgs.append({"role": "user", "content": t.question})
        msgs.append({"role": "assistant", "content": t.answer})
    msgs.append({"role": "user", "content": question})
    return msgs


class UserError(Exception):
    """The simulated user's model gave no usable answer (the dialog ends as user_error)."""


@dataclass(frozen=True)
class Answer:
    text: str
    prompt_tokens: int
    completion_tokens: int
    cached_tokens: int | None
    latency_s: float
    # grounded mode (`grounded_user`): the facts this answer disclosed, (key, value) each, and how
    # it was produced ("template", "model", or "model rejected: <why>; template used")
    facts: tuple[tuple[str, Any], ...] = ()
    how: str = ""


class SimulatedUser:
    def __init__(self, model, profile: str, max_tokens: int = 80):
        self.model = model
        self.profile = profile
        self.max_tokens = max_tokens

    def answer(self, history: Sequence[Turn], question: str) -> Answer:
        c = self.model.chat(messages_for(self.profile, history, question), max_tokens=self.max_tokens)
        text = c.text.strip()
        if not text:
            raise UserError(f"empty answer to {question[:80]!r}")
        return Answer(text, c.prompt_tokens, c.completion_tokens, c.cached_tokens, c.latency_s)
