"""The teacher agent: roster first, then the most needed features, then the checkers' verdicts on
what it was told. Stateless between calls (everything is read from the dialog), so a restarted
worker continues where it was."""
from __future__ import annotations

from pathlib import Path

from eligibench.evaluation.hosting import Agent
from eligibench.household import V2_FEATURE_NAMES

from .knowledge import load
from .questions import NOT_ASKED, ROSTER_QUESTION, question
from .reading import read_answer, roster, skeleton


class TeacherAgent(Agent):
    def start(self, opportunities):
        cache = self.context.options.get("cache_dir")
        self.knowledge = load(Path(cache) if cache else None)
        self.ids = [o.id for o in opportunities]
        self.features = [f for f in self.knowledge.ranked_features(self.ids) if f not in NOT_ASKED and f not in V2_FEATURE_NAMES]
        # version-2 features: the 2024 households (schema 1) cannot state them; the 2024 checkers read them as False
        self.plan = [ROSTER_QUESTION] + [question(f) for f in self.features]

    def ask(self, dialog):
        return self.plan[len(dialog.turns)]

    def ready(self, dialog):
        return len(dialog.turns) >= len(self.plan)

    def told(self, dialog):
        """The household as the dialog told it (defaults where nothing was said)."""
        turns = dialog.turns
        hh = skeleton(roster(turns[0].answer) if turns else [])
        for feature, turn in zip(self.features, turns[1:]):
            hh = read_answer(hh, [feature], turn.answer)
        return hh

    def predict(self, dialog):
        hh = self.told(dialog)
        return {i: (self.knowledge.checkers[i].check(hh) is True) if i in self.knowledge.checkers else False
                for i in self.ids}

    def notes(self):
        return None
