"""Test-only stand-ins, named for what they are.

- `ExtractiveUserModel`: not a language model; answers a question by quoting the profile
  sentence that shares the most words with it. Lets the loop run without a model server.
- `write_one_question_agent`: a submission folder whose agent asks one question, then predicts
  (eligible for everything, or what it is told): the smallest agent a jailed run can load.
- `OracleAgent`: reads the hidden household (no real agent may) and predicts the checkers'
  verdicts after one question: with correct plumbing it must score F1 = 100.
"""
from __future__ import annotations

import re
import time
from pathlib import Path

from checkers import registry
from eligibench.evaluation.hosting import Agent, AgentContext
from eligibench.models.types import Completion

_WORD = re.compile(r"[a-z0-9]+")


class ExtractiveUserModel:
    def __init__(self):
        self.calls = 0

    def chat(self, messages, json_schema=None, max_tokens=None):
        self.calls += 1
        profile = messages[0]["content"].split("Household profile:", 1)[1]
        sentences = [s.strip() for s in re.split(r"(?<=\.)\s+", profile) if s.strip()]
        q = set(_WORD.findall(messages[-1]["content"].lower()))
        best = max(sentences, key=lambda s: len(q & set(_WORD.findall(s.lower()))))
        return Completion(best, prompt_tokens=len(messages[0]["content"]) // 4, completion_tokens=len(best) // 4,
                          cached_tokens=None, latency_s=0.0)


class OracleAgent(Agent):
    def __init__(self, context: AgentContext, household):
        super().__init__(context)
        self.household = household

    def start(self, opportunities):
        self.ids = [o.id for o in opportunities]

    def ask(self, dialog):
        return "How old are you?"

    def ready(self, dialog):
        return len(dialog.turns) >= 1

    def predict(self, dialog):
        checkers = registry()
        return {i: checkers[i].check(self.household) for i in self.ids}


class ScriptedAgent(Agent):
    """Does exactly what it is told, to drive the loop into each ending."""

    def __init__(self, context=None, questions=1, ready_value=None, predictions=None, raise_in=None, sleep_s=0.0):
        super().__init__(context or AgentContext())
        self.questions, self.ready_value, self.predictions = questions, ready_value, predictions
        self.raise_in, self.sleep_s = raise_in, sleep_s

    def start(self, opportunities):
        self.ids = [o.id for o in opportunities]
        if self.raise_in == "start":
            raise RuntimeError("boom in start")

    def ask(self, dialog):
        if self.raise_in == "ask":
            raise RuntimeError("boom in ask")
        time.sleep(self.sleep_s)
        return f"Question {len(dialog.turns) + 1}: how old are you?"

    def ready(self, dialog):
        if self.ready_value is not None:
            return self.ready_value
        return len(dialog.turns) >= self.questions

    def predict(self, dialog):
        if self.predictions is not None:
            return self.predictions
        return {i: False for i in self.ids}


ONE_QUESTION_AGENT = '''from eligibench.evaluation.hosting import Agent


class {cls}(Agent):
    """One question ({question!r}), then a prediction for every opportunity."""

    def start(self, opportunities):
        self.ids = [o.id for o in opportunities]

    def ask(self, dialog):
        return {question!r}

    def ready(self, dialog):
        return len(dialog.turns) >= 1

    def predict(self, dialog):
        {predict}
        return {{i: told for i in self.ids}}
'''


def write_one_question_agent(folder: Path, name: str, cls: str = "Asker", question: str = "How old are you?",
                             predict: str = "told = True") -> Path:
    """`folder` with agent.py (class `cls`) and manifest.yaml (`name`, entry point agent:`cls`).
    `predict` is one statement setting `told`, the verdict given for every opportunity."""
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "agent.py").write_text(ONE_QUESTION_AGENT.format(cls=cls, question=question, predict=predict))
    (folder / "manifest.yaml").write_text(f"name: {name}\nstrategy: one question\nauthors: [Tester]\n"
                                          f"entry_point: agent:{cls}\nmodels: {{}}\nlicense: MIT\n")
    return folder
