"""ProADA's dialog module: what the agent knows, how it asks, how it maps answers to values.

Facts: household facts by key; per-member facts by (key, member index), member 0 being the person
answering; the member list exists once "household_size" is known. Keys the agent gave up on are
kept as "unknown" (the sandbox then returns defaults for facts.get(k, d) and fails facts[k]).
"""
from __future__ import annotations

import math
import re
from dataclasses import dataclass, field
from typing import Any, Callable

from eligibench.models import ConstrainedOutputError, ModelError, ModelUnavailable, typed_value

from .proada_codegen import KeySpec
from .proada_prompts import (
    clarification,
    kind_text,
    mapping_messages,
    ordinal,
    question_messages,
    template_question,
    who_text,
)

MAX_HOUSEHOLD = 20


@dataclass
class Facts:
    household: dict[str, Any] = field(default_factory=dict)
    members: list[dict[str, Any]] | None = None
    unknown: set[tuple[str, int | None]] = field(default_factory=set)

    def known(self, key: str, member: int | None) -> bool:
        if member is None:
            return key in self.household
        return self.members is not None and member < len(self.members) and key in self.members[member]

    def set(self, key: str, member: int | None, value: Any) -> None:
        if member is None:
            if key == "household_size":
                n = max(1, min(MAX_HOUSEHOLD, int(value)))
                value = n
                old = self.members or []
                self.members = [dict(old[i]) if i < len(old) else {} for i in range(n)]
            self.household[key] = value
        else:
            if self.members is None or member >= len(self.members):
                return
            self.members[member][key] = value

    def give_up(self, key: str, member: int | None) -> None:
        if key == "household_size" and member is None:
            # Fallback: a household whose size we could not learn is treated as the person answering alone.
            self.set("household_size", None, 1)
            return
        self.unknown.add((key, member))

    def wire(self) -> dict:
        return {"household": dict(self.household), "members": None if self.members is None else [dict(m) for m in self.members],
                "unknown": sorted([k, m] for k, m in self.unknown)}


# ----------------------------------------------------------------------------- answer parsing

_YES = {"yes", "y", "yeah", "yep", "yup", "true", "correct", "right", "sure", "definitely", "absolutely"}
_NO = {"no", "n", "nope", "nah", "false", "never"}
_UNSURE = {"sure", "certain", "know", "applicable"}
_WORD = re.compile(r"[a-z0-9']+")
_NUMBER = re.compile(r"-?\$?\d[\d,]*(?:\.\d+)?")
_NUMBER_WORDS = {"zero": 0, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8,
                 "nine": 9, "ten": 10, "eleven": 11, "twelve": 12}


def parse_exact(answer: str, kind) -> tuple[bool, Any]:
    """Unambiguous answer forms only, no model: (True, value) or (False, None).

    bool: the answer's first word is yes/no (or a synonym); numbers: the answer holds exactly one
    number (digits, or a number word up to twelve alone); choice: exactly one listed choice appears.
    """
    text = answer.strip().lower()
    words = _WORD.findall(text)
    if not words:
        return False, None
    if kind == "bool":
        if words[0] in _YES:
            return True, True
        if words[0] in _NO or (words[0] == "not" and not _UNSURE & set(words[1:3])):
            return True, False
        return False, None
    if kind in ("int", "float"):
        numbers = _NUMBER.findall(text)
        if len(numbers) == 1:
            raw = numbers[0].replace("$", "").replace(",", "")
            try:
                value = float(raw)
            except ValueError:
                return False, None
            if not math.isfinite(value):
                return False, None
            if kind == "int":
                if value != int(value):
                    return False, None
                return True, int(value)
            return True, value
        if not numbers and len(words) == 1 and words[0] in _NUMBER_WORDS:
            return True, _NUMBER_WORDS[words[0]] if kind == "int" else float(_NUMBER_WORDS[words[0]])
        return False, None
    norm = f" {' '.join(words)} "
    hits = [c for c in kind if (phrase := " ".join(_WORD.findall(str(c).lower().replace("_", " "))))
            and f" {phrase} " in norm]
    if len(hits) == 1:
        return True, hits[0]
    return False, None


# ----------------------------------------------------------------------------- mapping and phrasing

ValueMapper = Callable[[str, str, KeySpec, int | None], Any]  # (question, answer, spec, member) -> value | None
QuestionWriter = Callable[..., str | None]


def model_value_mapper(model, max_tokens: int | None = None,
                       context: Callable[[], tuple[str, str]] | None = None) -> ValueMapper:
    """Constrained decoding through eligibench.models.typed_value; None when not mappable.

    `context()` gives (requirements, code line) of the fact being mapped: the paper's value
    mapper sees both (option `mapper_sees_requirements`)."""

    def mapper(question: str, answer: str, spec: KeySpec, member: int | None):
        requirements, code_line = context() if context is not None else (None, None)
        try:
            return typed_value(model, mapping_messages(question, answer, spec.about or "the answer", who_text(member),
                                                       requirements, code_line),
                               spec.kind, max_tokens=max_tokens)
        except ModelUnavailable:
            raise
        except (ConstrainedOutputError, ModelError, ValueError, TypeError):
            return None

    return mapper


def valid_value(value: Any, spec: KeySpec) -> bool:
    if value is None:
        return False
    if spec.type == "bool":
        return isinstance(value, bool)
    if spec.type == "int":
        return isinstance(value, int) and not isinstance(value, bool)
    if spec.type == "float":
        return isinstance(value, (int, float)) and not isinstance(value, bool) and math.isfinite(value)
    return value in spec.choices


def model_question_writer(model, max_tokens: int | None = None,
                          dialog: Callable[[], list[tuple[str, str]]] | None = None) -> QuestionWriter:
    """The dialog model phrases the question; None when its text is unusable (template is used).

    `dialog()` gives the dialog so far as (question, answer) pairs: the paper's question writer
    sees it (option `question_sees_dialog`)."""

    def write(name: str, requirements: str, key: str, spec: KeySpec, member: int | None, code_excerpt: str):
        turns = dialog() if dialog is not None else None
        try:
            c = model.chat(question_messages(name, requirements, key, spec.about or key.replace("_", " "),
                                             kind_text(spec.kind), who_text(member), code_excerpt, turns),
                           max_tokens=max_tokens)
        except ModelUnavailable:
            raise
        except ModelError:
            return None
        return clean_question(c.text)

    return write


def clean_question(text: str) -> str | None:
    """The first line of a model's question, or None if it does not look like a question."""
    for line in (text or "").strip().splitlines():
        line = line.strip().strip('"').strip()
        line = re.sub(r"^(question|q)\s*[:.-]\s*", "", line, flags=re.I)
        if line:
            break
    else:
        return None
    if "?" not in line:
        return None
    quoted = re.findall(r'["\u201c]([^"\u201c\u201d]*\?)', line)
    if quoted:  # 'You could ask: "How old are you?"' -> the quoted question
        line = quoted[-1]
    line = line[: line.rindex("?") + 1].strip().strip('"').strip()
    if not 8 <= len(line) <= 300 or len(_WORD.findall(line.lower())) < 3:
        return None
    return line


def code_excerpt(code: str, line: int | None, around: int = 2) -> str:
    lines = code.rstrip("\n").split("\n")
    if not line or not 1 <= line <= len(lines):
        return "\n".join(lines[:8])
    lo, hi = max(0, line - 1 - around), min(len(lines), line + around)
    return "\n".join(lines[lo:hi])


_STOP = {"the", "and", "for", "are", "you", "your", "what", "how", "does", "did", "has", "have", "any", "who", "this",
         "that", "with", "is", "in", "of", "or", "do", "a", "an", "to", "it", "their", "they", "them", "yes", "not",
         "please", "answer", "number", "household", "person", "member", "people", "whether"}


def _stems(text: str) -> set[str]:
    return {w[:4] for w in _WORD.findall(text.lower().replace("_", " ")) if len(w) > 2 and w not in _STOP}


def relevant(question: str, key: str, about: str) -> bool:
    """A phrased question must share a content word (first 4 letters) with the key or its meaning."""
    return bool(_stems(question) & _stems(f"{key} {about}"))


def base_question(key: str, spec: KeySpec, member: int | None, writer: QuestionWriter | None, name: str,
                  requirements: str, excerpt: str) -> tuple[str, bool]:
    """(question, phrased_by_model). The model's phrasing is used only when it is a question
    about the key (relevant()); a member other than the person answering is always named."""
    if writer is not None and key != "household_size":
        q = writer(name, requirements, key, spec, member, excerpt)
        if q and relevant(q, key, spec.about):
            if member is not None and member > 0 and ordinal(member + 1) not in q:
                q = f"About {who_text(member)}: {q}"
            return q, True
    return template_question(key, spec.about, spec.kind, member), False


__all__ = ["Facts", "ValueMapper", "base_question", "clarification", "clean_question", "code_excerpt",
           "model_question_writer", "model_value_mapper", "parse_exact", "relevant", "valid_value"]
