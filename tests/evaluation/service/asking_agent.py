"""A small agent for service tests: asks two questions, then says every opportunity is eligible."""
from eligibench.evaluation.hosting import Agent


class AskingAgent(Agent):
    def start(self, opportunities):
        self.ids = [o.id for o in opportunities]

    def ready(self, dialog):
        return len(dialog.turns) >= 2

    def ask(self, dialog):
        return f"Question {len(dialog.turns) + 1}: how many people live with you?"

    def predict(self, dialog):
        return {i: True for i in self.ids}

    def notes(self):
        return {"asked": "household size"}
