"""The priority-aware teacher: asks what matters most, then the facts of the most important
programs first, predicts with the checkers, and recommends the program to apply to first.
Stateless between calls (everything is read from the dialog), like the teacher."""
from __future__ import annotations

import re
from pathlib import Path

from eligibench.evaluation.hosting import Agent
from eligibench.household import V2_FEATURE_NAMES

from .knowledge import load
from .questions import NOT_ASKED, ROSTER_QUESTION, question
from .reading import read_answer, roster, skeleton

DECAY = 0.5  # each rank down halves a program's pull on the question order
PRIORITY_QUESTION = ("Which of these programs matters most to you, and which least? "
                     "Please rank them, most important first: {names}.")


def stated_order(answer: str, briefs) -> list[str]:
    """The opportunity ids in the order the answer names them (by name or id, any case; a name
    inside a longer named one, "Medicaid" in "Children's Medicaid", counts only as the longer);
    programs it does not name follow in the dialog's order."""
    text, spans, at = answer.lower(), [], {}
    for b in sorted(briefs, key=lambda b: -max(len(b.name or ""), len(b.id))):
        for label in (b.name, b.id):
            if not label:
                continue
            for m in re.finditer(r"(?<![a-z0-9])" + re.escape(label.lower()) + r"(?![a-z0-9])", text):
                if not any(a <= m.start() < z for a, z in spans):
                    spans.append((m.start(), m.end()))
                    at[b.id] = min(at.get(b.id, m.start()), m.start())
                    break
    order = {b.id: i for i, b in enumerate(briefs)}
    return sorted(order, key=lambda oid: (at.get(oid, len(text) + 1), order[oid]))


class PriorityTeacherAgent(Agent):
    def start(self, opportunities):
        cache = self.context.options.get("cache_dir")
        self.knowledge = load(Path(cache) if cache else None)
        self.briefs = tuple(opportunities)
        self.ids = [o.id for o in opportunities]
        self.priority_question = PRIORITY_QUESTION.format(names="; ".join(o.name for o in opportunities))

    def order(self, dialog) -> list[str]:
        """The opportunity ids, most important first, as the household ranked them."""
        return stated_order(dialog.turns[0].answer, self.briefs) if dialog.turns else list(self.ids)

    def features(self, dialog) -> list[str]:
        """The features to ask for, by need weighted by the stated rank: each feature scores the sum
        over the programs of DECAY**rank times the share of the program's rows that needed it, so a
        feature the first program needs comes before one only later programs need, and a feature
        several programs share rises (the teacher's ranking is this with every rank equal)."""
        score: dict[str, float] = {}
        for rank, oid in enumerate(self.order(dialog)):
            n = self.knowledge.rows.get(oid, 0)
            for f, k in self.knowledge.needed.get(oid, {}).items():
                if n and f not in NOT_ASKED and f not in V2_FEATURE_NAMES:
                    score[f] = score.get(f, 0.0) + DECAY ** rank * k / n
        return sorted(score, key=lambda f: (-score[f], f))

    def plan(self, dialog) -> list[str]:
        return [self.priority_question, ROSTER_QUESTION] + [question(f) for f in self.features(dialog)]

    def ask(self, dialog):
        return self.plan(dialog)[len(dialog.turns)]

    def ready(self, dialog):
        return len(dialog.turns) >= len(self.plan(dialog))

    def told(self, dialog):
        """The household as the dialog told it (defaults where nothing was said)."""
        turns = dialog.turns
        hh = skeleton(roster(turns[1].answer) if len(turns) > 1 else [])
        for feature, turn in zip(self.features(dialog), turns[2:]):
            hh = read_answer(hh, [feature], turn.answer)
        return hh

    def predict(self, dialog):
        hh = self.told(dialog)
        return {i: (self.knowledge.checkers[i].check(hh) is True) if i in self.knowledge.checkers else False
                for i in self.ids}

    def recommend(self, dialog):
        """The predicted-eligible program the household ranked highest; "none" when none is."""
        eligible = self.predict(dialog)
        return next((oid for oid in self.order(dialog) if eligible[oid]), "none")

    def notes(self):
        return None
