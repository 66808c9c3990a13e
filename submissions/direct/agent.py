"""Direct prompting baseline: one "dialog" model, prompted with every opportunity's requirements
and the dialog so far, asked for the next question (free text), READY (constrained yes/no) and
PREDICT (constrained booleans, one per opportunity id).

Prompt layout, shared by all three calls so a prefix-caching server reuses it:
    system: instructions + every opportunity's requirements   (fixed for the whole dialog)
    user:   the dialog so far (Q/A lines, append-only) + the task of this call

Fallbacks (agent decisions, never a crash):
- READY: unusable JSON twice (ConstrainedOutputError) -> not ready; the agent keeps asking until
  the question limit ends the dialog (termination turn_limit).
- ask: an empty, garbled (not starting with a question word) or repeated question -> the next
  requirement line not yet used, asked verbatim ("Is this true for your household: ...?").
- PREDICT: unusable JSON twice -> False for every opportunity.
Options (manifest `options`): min_questions (READY is not asked before that many questions);
question_max_tokens / ready_max_tokens / predict_max_tokens (default null: the dialog role's spec
max_tokens; a number: that call's limit, recorded in the run's options like every option);
paper (default false): the paper's direct prompting, none of the ask fallbacks above (the model's
reply is the question, repeated or not) and no min_questions.
"""
from __future__ import annotations

import re

from eligibench.agents import (
    GENERIC_QUESTION,
    QUESTION_WORDS,
    WORD,
    fallback_question,
    per_call_limit,
    raw_question,
    requirement_lines,
    requirements_block,
)
from eligibench.evaluation.hosting import Agent
from eligibench.models import ConstrainedOutputError, booleans, yes_no

SYSTEM = """You help one member of a New York City household find out which benefit programs the \
household qualifies for. You ask them short questions, one at a time, about the facts the requirements \
depend on (ages, income, household members, housing, work, health, ...), then decide every program.

Programs and their requirements:
"""

ASK = "Write the next question for the household member, about one fact in the requirements above (for \
example their age or where they live). Reply with only the question."
READY = "Do the answers so far let you decide every program above with certainty?"
PREDICT = "Decide each program from the answers so far: true if the household qualifies, false if not."


_LABEL = re.compile(r"^\s*(?:\*\*)?(?:question|q\d*|next question|assistant|answer)\s*[:\-]\s*", re.I)


def transcript(turns) -> str:
    if not turns:
        return "Dialog so far: (nothing asked yet)\n"
    lines = ["Dialog so far:"]
    for i, t in enumerate(turns, 1):
        lines.append(f"Q{i}: {t.question}")
        lines.append(f"A{i}: {t.answer}")
    return "\n".join(lines) + "\n"


def clean_question(text: str) -> str:
    """The first line of a reply that is a question (labels and quotes removed, cut after its first
    '?'); '' if none."""
    for raw in text.strip().splitlines():
        line = _LABEL.sub("", raw.strip()).strip().strip('"\u201c\u201d*` ').strip()
        if not line:
            continue
        if "?" in line:
            line = line[: line.index("?") + 1]
        line = " ".join(line.split())
        words = WORD.findall(line.lower())
        if len(words) < 3 or len(line) > 300 or words[0] not in QUESTION_WORDS:
            continue  # not a question to the user (a tiny model often echoes prompts or thoughts)
        return line if line.endswith("?") else line.rstrip(".!:;,") + "?"
    return ""


def normalized(question: str) -> str:
    return " ".join(WORD.findall(question.lower()))


class DirectAgent(Agent):
    """Asks, decides READY and predicts by prompting one model directly."""

    role = "dialog"

    def start(self, opportunities):
        self.opportunities = tuple(opportunities)
        self.ids = [o.id for o in self.opportunities]
        self.system = SYSTEM + requirements_block(self.opportunities)
        self.fallback_lines = requirement_lines(self.opportunities)
        self.next_fallback = 0
        self.fallbacks = {"ready": 0, "ask": 0, "predict": 0}
        # `paper`: the baseline as the paper describes it, without the fallbacks added here
        # (repeated or garbled questions are asked as the model wrote them; no min_questions), so
        # its failure modes (repetition, premature READY) stay measurable.
        self.paper = bool(self.context.options.get("paper", False))
        self.min_questions = 0 if self.paper else int(self.context.options.get("min_questions", 0))

    # prompts ------------------------------------------------------------------------------
    @property
    def model(self):
        return self.context.model(self.role)

    def messages(self, dialog, task: str) -> list[dict]:
        return [{"role": "system", "content": self.system},
                {"role": "user", "content": transcript(dialog.turns) + "\n" + task}]

    def _fallback_question(self, dialog) -> str:
        self.fallbacks["ask"] += 1
        asked = {normalized(t.question) for t in dialog.turns}
        while self.next_fallback < len(self.fallback_lines):
            q = fallback_question(self.fallback_lines[self.next_fallback])
            self.next_fallback += 1
            if normalized(q) not in asked:
                return q
        return GENERIC_QUESTION

    def usable(self, question: str, dialog) -> bool:
        return bool(question) and normalized(question) not in {normalized(t.question) for t in dialog.turns}

    # the Agent interface ------------------------------------------------------------------
    def ask(self, dialog):
        reply = self.model.chat(self.messages(dialog, ASK), max_tokens=per_call_limit(self.context.options, "question_max_tokens"))
        question = clean_question(reply.text)
        if self.paper:
            return question or raw_question(reply.text)
        return question if self.usable(question, dialog) else self._fallback_question(dialog)

    def ready(self, dialog):
        n = len(dialog.turns)
        if n < self.min_questions or n >= dialog.limit:
            return False  # below the agent's minimum, or at the limit: the dialog loop ends it
        try:
            return yes_no(self.model, self.messages(dialog, READY), max_tokens=per_call_limit(self.context.options, "ready_max_tokens"))
        except ConstrainedOutputError:
            self.fallbacks["ready"] += 1
            return False

    def predict(self, dialog):
        try:
            return booleans(self.model, self.messages(dialog, PREDICT), self.ids,
                            max_tokens=per_call_limit(self.context.options, "predict_max_tokens"))
        except ConstrainedOutputError:
            self.fallbacks["predict"] += 1
            return {i: False for i in self.ids}
