"""`benyfits new-agent NAME`: a working agent folder from a template (manifest.yaml, agent.py,
test_agent.py). The agent needs no model: it asks one yes/no question per opportunity built from
the requirements text and predicts from the answers, so `benyfits evaluate` runs it on a CPU with
the shipped grounded simulator. docs/writing-an-agent.md walks through it."""
from __future__ import annotations

import re
from pathlib import Path

from eligibench.evaluation.hosting.manifest import SUBMISSION_NAME, SubmissionError

MANIFEST = """\
# The submission manifest (docs/writing-an-agent.md, "The manifest").
name: {name}                  # lowercase letters, digits, '-' or '_'; unique on the board
strategy: rule-based          # a short label shown on the board
authors: [{author}]
entry_point: agent:{cls}      # module:Class inside this folder
models: {{}}                    # role -> "default" (the run's model), e.g. {{dialog: default}}
license: MIT
description: One yes/no question per opportunity, built from its requirements.
options:                      # passed to the agent as self.context.options
  questions_per_opportunity: 1
"""

AGENT = '''\
"""{cls}: asks one yes/no question per opportunity and predicts from the answers.

A starting point: replace `ask` and `predict` with your strategy. To call a model, declare a
role in manifest.yaml (`models: {{dialog: default}}`) and use
`self.context.model("dialog").chat([{{"role": "user", "content": "..."}}]).text`.
"""
from eligibench.evaluation.hosting import Agent


class {cls}(Agent):
    def start(self, opportunities):
        self.opportunities = list(opportunities)
        self.per_opportunity = int(self.context.options.get("questions_per_opportunity", 1))
        self.asked = []  # the opportunity id behind each question, in order

    def _next(self):
        counts = {{o.id: self.asked.count(o.id) for o in self.opportunities}}
        return next((o for o in self.opportunities if counts[o.id] < self.per_opportunity), None)

    def ask(self, dialog):
        o = self._next()
        self.asked.append(o.id)
        first = o.requirements.strip().split("\\n")[0].strip(" -*")
        return f"About {{o.name}}: {{first}} Does that apply to your household (yes or no)?"

    def ready(self, dialog):
        return self._next() is None or len(dialog.turns) >= dialog.limit

    def predict(self, dialog):
        said_yes = {{}}
        for opp, turn in zip(self.asked, dialog.turns):
            said_yes[opp] = turn.answer.strip().lower().startswith("yes")
        return {{o.id: said_yes.get(o.id, False) for o in self.opportunities}}
'''

TEST = '''\
"""Run with `python -m pytest {folder}` from the project root: the agent on one made-up dialog."""
import importlib.util
from pathlib import Path

from eligibench.evaluation.hosting import AgentContext, Dialog, OpportunityBrief
from eligibench.results.records import Turn

spec = importlib.util.spec_from_file_location("agent_under_test", Path(__file__).with_name("agent.py"))
module = importlib.util.module_from_spec(spec)
spec.loader.exec_module(module)


def test_one_question_per_opportunity_then_a_prediction_for_each():
    briefs = (OpportunityBrief("A", "Program A", "You live in NYC."), OpportunityBrief("B", "Program B", "You are 65+."))
    agent = module.{cls}(AgentContext(seed=0, options={{"questions_per_opportunity": 1}}))
    agent.start(briefs)
    dialog = Dialog(briefs)
    for answer in ("yes", "no"):
        assert not agent.ready(dialog)
        question = agent.ask(dialog)
        dialog = Dialog(briefs, dialog.turns + (Turn(question, answer),))
    assert agent.ready(dialog)
    assert agent.predict(dialog) == {{"A": True, "B": False}}
'''


def class_name(name: str) -> str:
    """my-agent -> MyAgent (a valid identifier even when the name starts with a digit)."""
    cls = "".join(part.capitalize() for part in re.split(r"[-_]+", name) if part) or "My"
    return (cls if cls[0].isalpha() else f"Agent{cls}") + ("" if cls.endswith("Agent") else "Agent")


def scaffold_agent(dest: Path, name: str, author: str = "your name", force: bool = False) -> list[Path]:
    """Write the template agent folder; refuses a bad name, an existing file, or a non-empty
    folder (`force`: write the template beside what is there; an existing file of the same name
    is never written over: eligibench.files, without a marker, since the user edits these files)."""
    import tempfile

    from eligibench.files import write_output_folder

    if not SUBMISSION_NAME.match(name):
        raise SubmissionError(f"agent name {name!r}: use lowercase letters, digits, '-' or '_' (at most 64, "
                              "starting with a letter or digit)")
    dest = Path(dest)
    cls = class_name(name)
    files = {"manifest.yaml": MANIFEST.format(name=name, author=author, cls=cls),
             "agent.py": AGENT.format(cls=cls),
             "test_agent.py": TEST.format(cls=cls, folder=dest),
             "__init__.py": ""}
    with tempfile.TemporaryDirectory(prefix="benyfits-new-agent-") as tmp:
        for fname, text in files.items():
            (Path(tmp) / fname).write_text(text, encoding="utf-8")
        write_output_folder(dest, tmp, "new-agent", force, marker=False)
    return [dest / f for f in files]
