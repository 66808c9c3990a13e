"""The simulated user says what matters to it: its row's priorities, stated in the first person.

Under the priorities track (a mode with a patience) the household knows how much each of its
programs matters to it (`truth.priorities_of`: the ground-truth weights). Asked what matters
("What matters most to you?", "Which of these is most important?"), it ranks all its programs;
asked about one program ("How important is Head Start to you?"), it says where that program
stands ("That one matters less to me: it is number 4 of the 5 I asked about."); asked about
several, it orders those. Every statement is rendered from the weights by template (no model
call), so it is faithful by construction; `answer_check.check_priorities` grades any statement
against the weights (the audit's priority probes, a model-phrased answer).

Any other question goes to the wrapped user (grounded, with or without a persona) unchanged.
A priority answer discloses no household fact (`Answer.facts` is empty; `how` is "priorities").
"""
from __future__ import annotations

import re
import time
from dataclasses import dataclass
from typing import Mapping, Sequence

from eligibench.evaluation.user.free_form import Answer
from eligibench.results import Turn

HOW = "priorities"

# A question about what matters (importance, priority, need, preference), not about a fact.
_ASKS_PRIORITY = re.compile(
    r"\b(matters?|mattering|important|importance|priorit\w*|care (?:most )?about|value (?:most|more)|"
    r"need (?:most|more|first)|most urgent|rank\w*|come first|comes first|prefer\w*)\b", re.I)


def asks_priority(question: str) -> bool:
    """Whether a question asks what matters to the household (not a fact about it)."""
    return bool(_ASKS_PRIORITY.search(question))


def named_in(question: str, names: Mapping[str, str]) -> list[str]:
    """The programs a question names (by name or id, any case), in the order they appear; a name
    inside a longer named one ("Medicaid" in "Children's Medicaid") counts only as the longer."""
    text, found = question.lower(), []
    spans: list[tuple[int, int]] = []
    for oid, name in sorted(names.items(), key=lambda kv: -len(kv[1])):
        for word in (name.lower(), oid.lower()):
            at = text.find(word)
            if at < 0 or any(a <= at < b for a, b in spans):
                continue
            spans.append((at, at + len(word)))
            found.append((at, oid))
            break
    return [oid for _, oid in sorted(found)]


def _ordinal_list(names: Sequence[str]) -> str:
    return names[0] if len(names) == 1 else ", then ".join(names)


def overall_statement(order: Sequence[str], names: Mapping[str, str]) -> str:
    """All the household's programs, most important first, in the first person."""
    said = [names[o] for o in order]
    if len(said) == 1:
        return f"{said[0]} is the one program I asked about, so it is what matters most to me."
    if len(said) == 2:
        return f"What matters most to me is {said[0]}; {said[1]} matters less to me."
    return (f"What matters most to me is {said[0]}. After that, in order: {_ordinal_list(said[1:-1])}. "
            f"{said[-1]} matters least to me.")


def one_statement(program: str, order: Sequence[str], names: Mapping[str, str]) -> str:
    """Where one program stands among the household's, in the first person."""
    k, n, name = order.index(program) + 1, len(order), names[program]
    if n == 1:
        return f"{name} is the one program I asked about, so it is what matters most to me."
    if k == 1:
        return f"{name} matters most to me: it is number 1 of the {n} programs I asked about."
    if k == n:
        return f"That one matters less to me: {name} is number {n} of the {n} programs I asked about, the least."
    if k <= n / 2:
        return f"{name} matters a lot to me: it is number {k} of the {n} programs I asked about."
    return f"That one matters less to me: {name} is number {k} of the {n} programs I asked about."


def several_statement(programs: Sequence[str], order: Sequence[str], names: Mapping[str, str]) -> str:
    """Several named programs, most important first."""
    ranked = sorted(programs, key=order.index)
    return f"Of those, {names[ranked[0]]} matters most to me, then {_ordinal_list([names[o] for o in ranked[1:]])}."


def statement(question: str, order: Sequence[str], names: Mapping[str, str]) -> str:
    """The household's answer to a priority question (the programs it names, or all of them)."""
    asked = [o for o in named_in(question, {o: names[o] for o in order})]
    if len(asked) == 1:
        return one_statement(asked[0], order, names)
    if len(asked) > 1:
        return several_statement(asked, order, names)
    return overall_statement(order, names)


@dataclass
class PriorityUser:
    """A simulated user that also states its household's priorities (`order`: its programs by
    weight, highest first; `names`: opportunity id -> the name it calls it)."""

    user: object  # the wrapped user: answer(history, question) -> Answer
    order: tuple[str, ...]
    names: Mapping[str, str]

    @classmethod
    def for_row(cls, user, row) -> "PriorityUser":
        from eligibench.truth import opportunity_names, priorities_of, ranked

        known = opportunity_names()
        return cls(user, tuple(ranked(priorities_of(row))), {o: known.get(o, o) for o in row.opportunities})

    @property
    def household(self):
        return self.user.household

    def answer(self, history: Sequence[Turn], question: str) -> Answer:
        if not asks_priority(question):
            return self.user.answer(history, question)
        t0 = time.perf_counter()
        return Answer(statement(question, self.order, self.names), 0, 0, None, time.perf_counter() - t0, (), HOW)
