"""The random baseline: no questions; each opportunity predicted eligible with probability p."""
import random

from eligibench.evaluation.hosting import Agent


class RandomAgent(Agent):
    def start(self, opportunities):
        self.ids = [o.id for o in opportunities]
        self.rng = random.Random(f"{self.context.seed}:{','.join(self.ids)}")

    def ask(self, dialog):
        return "Is there anything else about your household I should know?"

    def ready(self, dialog):
        return True

    def predict(self, dialog):
        p = float(self.context.options.get("p", 0.5))
        return {i: self.rng.random() < p for i in self.ids}
