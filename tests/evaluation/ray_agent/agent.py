"""Test agent for the executors: two questions from the run's model, then predictions from a
digest of (opportunity, answers), so they differ per pair yet are the same on every executor.
`delay_s` slows each question (a node can be killed while dialogs are in flight)."""
import hashlib
import time

from eligibench.evaluation.hosting import Agent


class ProbeAgent(Agent):
    def start(self, opportunities):
        self.ids = [o.id for o in opportunities]

    def ask(self, dialog):
        time.sleep(float(self.context.options.get("delay_s", 0.0)))
        text = self.context.model("dialog").chat([{"role": "user", "content": f"Question {len(dialog.turns)}?"}]).text
        return f"{text} ({len(dialog.turns)})"

    def ready(self, dialog):
        return len(dialog.turns) >= 2

    def predict(self, dialog):
        answers = "|".join(t.answer for t in dialog.turns)
        return {i: hashlib.sha256(f"{i}|{answers}".encode()).digest()[0] % 2 == 0 for i in self.ids}
