"""Test agent: two questions, then READY; notes name the step (and one note is not JSON-able)."""
from eligibench.evaluation.hosting import Agent


class NotesAgent(Agent):
    def start(self, opportunities):
        self.ids = [o.id for o in opportunities]
        self.step = 0

    def ask(self, dialog):
        self.step = len(dialog.turns)
        return f"Question {self.step}: how old are you?"

    def notes(self):
        return {"step": self.step, "thought": "x" * (30_000 if self.context.options.get("long") else 3)}

    def ready(self, dialog):
        return len(dialog.turns) >= 2

    def predict(self, dialog):
        return {i: True for i in self.ids}

    def recommend(self, dialog):  # the optional recommendation, asked over the pipe like notes
        return self.ids[0]
