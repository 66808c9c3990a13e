"""The grounded simulated user: select the facts a question needs, then state only those.

Select (`fact_select`): the lexical selector (no model) or the simulator model by constrained
decoding to a JSON list of this household's fact keys. Answer: `template` renders the selected
facts' profile sentences in order (true by construction: they are the profile's own sentences);
`model` has the simulator model phrase an answer from only those sentences, and an answer whose
numbers or yes/no disagree with them (`answer_check`) is rejected for the template answer (the
turn records why, so fallbacks are counted). No fact selected: "I don't know." Every answer
carries the facts it disclosed (key and value), which the dialog records in `turn_facts`.

The prompts hold a few sentences, not the ~6k-token profile (benchmarks/simulator_tokens.py).
"""
from __future__ import annotations

import re
import time
from typing import Sequence

from eligibench.evaluation.user.answer_check import FAITHFUL, UNCHECKED, check_answer, numbers
from eligibench.evaluation.user.fact_select import lexical_select, model_select
from eligibench.evaluation.user.free_form import Answer, UserError
from eligibench.household import Fact, Household, fact
from eligibench.models import ConstrainedOutputError
from eligibench.results import Turn

DONT_KNOW = "I don't know."
SELECTORS = ("lexical", "model")
ANSWERERS = ("template", "model")

PHRASE_INSTRUCTIONS = (
    "You are the person described below, answering an assistant's question about your household. "
    "Answer in the first person, in one or two short sentences, using ONLY the facts listed. "
    "Keep every number exactly as written. Do not add anything else.")


# The profile speaks to member 0 ("You are 40 years old."); the user speaks as that member.
_FIRST_PERSON = (
    (re.compile(r"\b(with|to|for|help|helps|of|about) you\b"), r"\1 me"),
    (re.compile(r"\bYou are\b"), "I am"), (re.compile(r"\byou are\b"), "I am"),
    (re.compile(r"\bYou were\b"), "I was"), (re.compile(r"\byou were\b"), "I was"),
    (re.compile(r"\bYour\b"), "My"), (re.compile(r"\byour\b"), "my"),
    (re.compile(r"\byourself\b"), "myself"), (re.compile(r"\bYou\b"), "I"), (re.compile(r"\byou\b"), "I"),
)
_YES_NO_QUESTION = re.compile(r"^\W*(do|does|did|is|are|was|were|have|has|had|can|could|will|would)\b", re.I)
_HOW_MANY = re.compile(r"\bhow many\b", re.I)
_AGE_LIMIT = re.compile(r"\b(under|younger than|below|less than|over|older than|above|more than)\s+(\d+)", re.I)
_COUNT_WORDS = ("None", "One", "Two", "Three", "Four", "Five", "Six")


def first_person(sentence: str) -> str:
    """A profile sentence as member 0 says it: "You are 40" -> "I am 40", "with you" -> "with me"."""
    for pattern, repl in _FIRST_PERSON:
        sentence = pattern.sub(repl, sentence)
    return sentence


def lead_answer(facts: Sequence[Fact], question: str) -> str:
    """What the selected facts answer directly, before their sentences: "Yes." / "No." for a
    yes/no question about booleans that agree; the count for "how many ... under 5"."""
    if _HOW_MANY.search(question):
        limit = _AGE_LIMIT.search(question)
        ages = [f for f in facts if f.feature == "age"]
        if limit and ages:
            n, below = int(limit.group(2)), limit.group(1).lower() in ("under", "younger than", "below", "less than")
            count = sum((f.value < n) if below else (f.value > n) for f in ages)
            return _COUNT_WORDS[count] + "." if count < len(_COUNT_WORDS) else f"{count}."
        return ""
    bools = [f for f in facts if isinstance(f.value, bool)]
    if _YES_NO_QUESTION.search(question) and bools and len(bools) == len(facts) and len({f.value for f in bools}) == 1:
        return "Yes." if bools[0].value else "No."
    return ""


def template_answer(facts: Sequence[Fact], question: str = "") -> str:
    """The selected facts' profile sentences in the first person, led by the yes/no or count
    they give: true by construction (nothing is said that the facts do not state)."""
    if not facts:
        return DONT_KNOW
    lead = lead_answer(facts, question)
    return " ".join(([lead] if lead else []) + [first_person(f.sentence) for f in facts])


def phrase_messages(facts: Sequence[Fact], question: str) -> list[dict[str, str]]:
    lead = lead_answer(facts, question)
    listed = "\n".join(([f"- Short answer: {lead}"] if lead else []) + [f"- {first_person(f.sentence)}" for f in facts])
    return [{"role": "system", "content": f"{PHRASE_INSTRUCTIONS}\n\nFacts:\n{listed}"},
            {"role": "user", "content": question}]


def verify_phrased(text: str, facts: Sequence[Fact], question: str) -> str | None:
    """None when the phrased answer may stand; else why it is rejected."""
    if not text.strip():
        return "empty answer"
    # numbers of the question ("under 5") and the count the facts give ("One.") are not invented
    c = check_answer(text, facts, allowed_numbers=numbers(question) + numbers(lead_answer(facts, question)))
    if c.verdict not in (FAITHFUL, UNCHECKED):
        return f"{c.verdict}: {c.detail}"
    lead = lead_answer(facts, question)
    if lead and lead not in ("Yes.", "No.") and not set(numbers(lead)) <= set(numbers(text)):
        return f"left out the count ({lead})"  # "how many children under 5": the answer is the count
    numeric = [f for f in facts if isinstance(f.value, (int, float)) and not isinstance(f.value, bool) and f.value]
    if numeric and c.verdict == UNCHECKED:
        return "left out the numbers " + ", ".join(f"{f.key}={f.value}" for f in numeric)
    if c.verdict == UNCHECKED and any(isinstance(f.value, bool) for f in facts):
        return "no clear yes or no for " + ", ".join(f.key for f in facts if isinstance(f.value, bool))
    return None


class GroundedUser:
    """Same `answer(history, question) -> Answer` contract as the free-form SimulatedUser."""

    def __init__(self, model, household: Household, selector: str = "lexical", answerer: str = "template",
                 max_tokens: int = 80):
        if selector not in SELECTORS:
            raise ValueError(f"grounded simulator: selector {selector!r}, expected one of {SELECTORS}")
        if answerer not in ANSWERERS:
            raise ValueError(f"grounded simulator: answer {answerer!r}, expected one of {ANSWERERS}")
        if model is None and "model" in (selector, answerer):
            raise ValueError("grounded simulator: the model selector or answer needs a simulator model")
        self.model, self.household = model, household
        self.selector, self.answerer, self.max_tokens = selector, answerer, max_tokens

    def select(self, question: str, model=None) -> tuple[tuple[str, ...], str]:
        if self.selector == "lexical":
            return lexical_select(question, self.household), ""
        try:
            return model_select(model or self.model, question, self.household), ""
        except ConstrainedOutputError as e:  # counted: the turn says the lexical selector stood in
            return lexical_select(question, self.household), f"model selection failed ({str(e)[:80]}); lexical used; "

    def answer(self, history: Sequence[Turn], question: str) -> Answer:
        t0 = time.perf_counter()
        model = _Counted(self.model)
        keys, note = self.select(question, model)
        facts = [fact(self.household, k) for k in keys]
        text, how = template_answer(facts, question), note + "template"
        if self.answerer == "model" and facts:
            reply = model.chat(phrase_messages(facts, question), max_tokens=self.max_tokens).text.strip()
            why = verify_phrased(reply, facts, question)
            if why is None:
                text, how = reply, note + "model"
            else:
                how = note + f"model rejected ({why}); template used"
        if not text:
            raise UserError(f"empty answer to {question[:80]!r}")
        return Answer(text, model.prompt_tokens, model.completion_tokens, None, time.perf_counter() - t0,
                      tuple((f.key, f.value) for f in facts), how)


class _Counted:
    """The simulator model as this answer uses it: counts this answer's tokens (the shared model's
    own counters also move with concurrent dialogs)."""

    def __init__(self, model):
        self._model = model
        self.prompt_tokens = self.completion_tokens = 0

    def __getattr__(self, name):  # spec, endpoint, label: what callers report in errors
        return getattr(self._model, name)

    def chat(self, messages, **kw):
        c = self._model.chat(messages, **kw)
        self.prompt_tokens += c.prompt_tokens
        self.completion_tokens += c.completion_tokens
        return c
