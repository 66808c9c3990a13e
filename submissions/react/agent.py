"""ReAct baseline: before each step the model writes a short "Thought" that goes into the agent's
own scratchpad (never to the user), then takes the action: ASK (a free-text question), READY
(constrained yes/no) or PREDICT (constrained booleans, one per opportunity id).

One thought per step: the dialog loop asks READY and then, when not ready, for a question; both
use the thought written for that step (and PREDICT reuses it when READY said yes). Calls per
answered question: thought + READY + question.

Prompt layout (stable prefix for prompt caching):
    system: instructions + every opportunity's requirements          (fixed for the dialog)
    user:   the trajectory so far, append-only:
              Thought: ... / Action: ASK <question> / Observation: <answer>
            then "Thought: <this step's thought>" and the action's task (or the thinking task)

Fallbacks (agent decisions, never a crash):
- READY: unusable JSON twice -> not ready (the question limit ends the dialog: turn_limit).
- ask: empty, garbled (not starting with a question word), repeated, or the thought echoed -> the
  next requirement line not yet used, asked verbatim. A question never contains "Thought:"/"Action:" text.
- PREDICT: unusable JSON twice -> False for every opportunity.
Options: min_questions (READY is not asked, and no thought spent on it, before that many questions);
thought_max_tokens / question_max_tokens / ready_max_tokens / predict_max_tokens (default null:
the dialog role's spec max_tokens; a number: that call's limit, recorded in the run's options);
paper (default false): ReAct as the paper describes it, none of the ask fallbacks above (the
model's reply is the question, repeated or not) and no min_questions.
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
household qualifies for. You work in steps. In each step you first write a short Thought (what the \
answers show, what is still unknown), then take one action: ASK one short question about one fact \
(ages, income, household members, housing, work, health, ...), READY when you can decide every \
program, or PREDICT the decisions.

Programs and their requirements:
"""

THINK = "Write your Thought for the next step: one short sentence on what the answers show and which \
fact about the household you still need to know. Reply with only the thought."
ASK = "Action: ASK. Following your thought, write the next question for the household member, about one \
fact in the requirements above (for example their age or where they live). Reply with only the question, \
not the thought."
READY = "Following your thought: can you now decide every program above with certainty?"
PREDICT = "Action: PREDICT. Decide each program from the answers: true if the household qualifies, false if not."

NO_THOUGHT = "(no thought)"

_LABEL = re.compile(r"^\s*(?:\*\*)?(?:(?:question|q\d*|next question|assistant|answer)\s*[:\-]|action\s*:\s*ask\b\s*[:\-]?)\s*", re.I)
_SCRATCH = re.compile(r"^\s*(?:\*\*)?(?:thought|action|observation|reasoning)\b\s*:?", re.I)
_THOUGHT_LABEL = re.compile(r"^\s*(?:\*\*)?thought\s*\d*\s*[:\-]\s*", re.I)
_THOUGHT_END = re.compile(r"\b(?:action|observation|question)\s*:", re.I)
_INLINE_SCRATCH = re.compile(r"\b(?:thought|action|observation)\s*:", re.I)


def normalized(text: str) -> str:
    return " ".join(WORD.findall(text.lower()))


def clean_thought(text: str) -> str:
    """The thought alone: label stripped, cut before any action/observation, one line, <= 300 chars."""
    text = _THOUGHT_LABEL.sub("", text.strip())
    end = _THOUGHT_END.search(text)
    if end:
        text = text[: end.start()]
    text = " ".join(text.split())[:300].strip()
    return text if WORD.search(text.lower()) else NO_THOUGHT


def clean_question(text: str) -> str:
    """The first line of a reply that is a question, skipping Thought/Action/Observation lines
    (labels and quotes removed, cut after its first '?'); '' if none."""
    for raw in text.strip().splitlines():
        if _SCRATCH.match(raw) and not re.match(r"^\s*action\s*:\s*ask\b", raw, re.I):
            continue  # scratchpad text never goes to the user
        line = _LABEL.sub("", raw.strip()).strip().strip('"\u201c\u201d*` ').strip()
        line = _LABEL.sub("", line).strip()
        inline = _INLINE_SCRATCH.search(line)
        if inline:
            line = line[: inline.start()].strip()
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


class ReActAgent(Agent):
    role = "dialog"

    def start(self, opportunities):
        self.opportunities = tuple(opportunities)
        self.ids = [o.id for o in self.opportunities]
        self.system = SYSTEM + requirements_block(self.opportunities)
        self.fallback_lines = requirement_lines(self.opportunities)
        self.next_fallback = 0
        self.scratchpad: dict[int, str] = {}  # step (= questions answered so far) -> thought
        self.fallbacks = {"ready": 0, "ask": 0, "predict": 0}
        # `paper`: the baseline as the paper describes it, without the fallbacks added here
        # (repeated or garbled questions are asked as the model wrote them; no min_questions), so
        # its failure modes (repetition, premature READY) stay measurable.
        self.paper = bool(self.context.options.get("paper", False))
        self.min_questions = 0 if self.paper else int(self.context.options.get("min_questions", 0))

    @property
    def model(self):
        return self.context.model(self.role)

    # prompts ------------------------------------------------------------------------------
    def trajectory(self, dialog) -> str:
        lines = ["Steps so far:"]
        for i, t in enumerate(dialog.turns):
            if i in self.scratchpad:
                lines.append(f"Thought: {self.scratchpad[i]}")
            lines.append(f"Action: ASK {t.question}")
            lines.append(f"Observation: {t.answer}")
        if not dialog.turns:
            lines.append("(none yet)")
        return "\n".join(lines) + "\n"

    def messages(self, dialog, task: str, with_thought: bool = True) -> list[dict]:
        body = self.trajectory(dialog)
        step = len(dialog.turns)
        if with_thought and step in self.scratchpad:
            body += f"Thought: {self.scratchpad[step]}\n"
        return [{"role": "system", "content": self.system}, {"role": "user", "content": body + "\n" + task}]

    def thought(self, dialog) -> str:
        """This step's thought, written once and kept in the scratchpad."""
        step = len(dialog.turns)
        if step not in self.scratchpad:
            reply = self.model.chat(self.messages(dialog, THINK, with_thought=False), max_tokens=per_call_limit(self.context.options, "thought_max_tokens"))
            self.scratchpad[step] = clean_thought(reply.text)
        return self.scratchpad[step]

    def _fallback_question(self, dialog) -> str:
        self.fallbacks["ask"] += 1
        asked = {normalized(t.question) for t in dialog.turns}
        while self.next_fallback < len(self.fallback_lines):
            q = fallback_question(self.fallback_lines[self.next_fallback])
            self.next_fallback += 1
            if normalized(q) not in asked:
                return q
        return GENERIC_QUESTION

    # the Agent interface ------------------------------------------------------------------
    def notes(self) -> dict:
        """Beside each question on the leaderboard: the thought written for this step."""
        step = max(self.scratchpad) if self.scratchpad else None
        return {"thought": self.scratchpad.get(step, NO_THOUGHT) if step is not None else NO_THOUGHT}

    def ask(self, dialog):
        thought = self.thought(dialog)
        reply = self.model.chat(self.messages(dialog, ASK), max_tokens=per_call_limit(self.context.options, "question_max_tokens"))
        question = clean_question(reply.text)
        if self.paper:
            return question or raw_question(reply.text)
        q, th = normalized(question), normalized(thought)
        leaked = thought != NO_THOUGHT and bool(th) and (q == th or (len(th.split()) >= 4 and th in q))
        repeated = q in {normalized(t.question) for t in dialog.turns}
        if not question or leaked or repeated:
            return self._fallback_question(dialog)
        return question

    def ready(self, dialog):
        n = len(dialog.turns)
        if n < self.min_questions or n >= dialog.limit:
            return False  # below the agent's minimum, or at the limit: the dialog loop ends it
        self.thought(dialog)
        try:
            return yes_no(self.model, self.messages(dialog, READY), max_tokens=per_call_limit(self.context.options, "ready_max_tokens"))
        except ConstrainedOutputError:
            self.fallbacks["ready"] += 1
            return False

    def predict(self, dialog):
        self.thought(dialog)  # reused when READY said yes at this step
        try:
            return booleans(self.model, self.messages(dialog, PREDICT), self.ids,
                            max_tokens=per_call_limit(self.context.options, "predict_max_tokens"))
        except ConstrainedOutputError:
            self.fallbacks["predict"] += 1
            return {i: False for i in self.ids}
