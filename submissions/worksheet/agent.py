"""Worksheet agent, in the style of Genie Worksheets: declarative fields with predicates.

Per opportunity, the "code" model turns the requirements into a worksheet (JSON, constrained by
WORKSHEET_SCHEMA):

    {"fields": [{"name": "age", "type": "int", "choices": [], "question": "How old are you?",
                 "ask_if": "True"}, ...],
     "decision": "age >= 65 or (age >= 60 and has_disability)"}

`type` is int | float | bool | choice (choice lists its `choices`); `ask_if` is a Python
predicate over earlier fields ("True": always needed); `decision` is a boolean expression over
the fields. Worksheets are cached on disk per (requirements text, code model):
`<cache_dir>/<model-slug>/<sha256(requirements)>.json` (deterministic JSON; default cache_dir
generated/worksheet under the project root).

Policy: the agent asks the first unfilled field, over the worksheets in opportunity order, whose
`ask_if` holds. Worksheets whose decision is already determined are skipped (short-circuit: in
`age >= 65 or has_disability`, age 70 decides it); a field whose predicate is false, or cannot be
evaluated because it needs a field the agent gave up on, is skipped. A question the dialog already
asked (same words) for another field is not asked again: its answer is parsed for the new field.
Answers are parsed by the "dialog" model with eligibench.models.typed_value (one call per field
targeted); an unmappable answer is asked again, up to `max_attempts` times, then the field is
given up. Fields are shared across worksheets by (name, type, choices).

Every predicate and decision is evaluated in the project sandbox (eligibench.agents.sandbox.Sandbox): the
expression becomes `def decide(facts): return <expr>` with each field name rewritten to
`facts["f_<name>"]`, so an unfilled field comes back as the sandbox's missing_key result.

READY: no field is left to ask (no LLM call). PREDICT: each decision evaluated (no LLM call).

Fallbacks (agent decisions, documented in docs/agents.md):
- a worksheet that fails to generate or validate (after one repair turn) -> its opportunity is
  predicted False and none of its fields are asked; so is one not generated in time
  (`generation_budget_s` per agent call) or whose decision stays undetermined or errs;
- an `ask_if` that is not a valid predicate over earlier fields -> "True" (always asked);
- fields the decision does not need (directly or through another field's ask_if) are dropped.
"""
from __future__ import annotations

import json
import re
import time
from pathlib import Path
from typing import Any, Mapping, Sequence

from eligibench.agents import per_call_limit
from eligibench.agents.sandbox import Sandbox
from eligibench.evaluation.hosting import Agent, AgentContext
from eligibench.models import ConstrainedOutputError, typed_value

from .generation import (
    Generated,
    WorksheetCache,
    generate,
    generation_key,
    model_slug,
)
from .worksheet import PREFIX, Field, Worksheet, expression_code

PROJECT_ROOT = Path(__file__).resolve().parents[2]
GENERIC_QUESTION = "Is there anything else about your household that matters for these programs?"


DEFAULT_OPTIONS = {
    "cache_dir": "generated/worksheet",  # relative to the project root; "<model-slug>/" is appended
    "use_cache": True,
    "worksheet_max_tokens": None,  # None: the role spec's max_tokens (a number: this call's limit)
    "repair_attempts": 1,  # correction turns after an invalid (but well-formed) worksheet
    "max_attempts": 2,  # times one field is asked before it is given up
    "generation_budget_s": 60.0,  # within one agent call, start no new generation after this
    "sandbox_timeout_s": 2.0,
    "sandbox_memory_mb": 512,
}


PARSE_SYSTEM = "You read one answer from a member of a household and extract one fact from it."
KIND_WORDS = {"int": "a whole number", "float": "a number", "bool": "true or false"}


PENDING = object()  # a worksheet not generated yet
_WORD = re.compile(r"[a-z0-9]+")


def normalized(text: str) -> str:
    return " ".join(_WORD.findall(text.lower()))


def question_text(field: Field) -> str:
    q = field.question.strip()
    if not q.endswith("?"):
        q = q.rstrip(".!:;,") + "?"
    if field.kind == "choice":
        q += " (" + " / ".join(field.choices) + ")"
    return q


def parse_messages(field: Field, question: str, answer: str) -> list[dict]:
    what = KIND_WORDS.get(field.kind) or "one of: " + ", ".join(field.choices)
    return [{"role": "system", "content": PARSE_SYSTEM},
            {"role": "user", "content": f"Question: {question}\nAnswer: {answer}\n\n"
                                        f"Fact: {field.name.replace('_', ' ')} ({what}). What does the answer say?"}]


class WorksheetAgent(Agent):
    def __init__(self, context: AgentContext, worksheets: Mapping[str, Worksheet] | None = None):
        """worksheets: injection point for tests (opportunity id -> Worksheet); otherwise generated."""
        super().__init__(context)
        self.options = {**DEFAULT_OPTIONS, **dict(context.options or {})}
        self._injected = dict(worksheets or {})
        self.sandbox: Sandbox | None = None
        self.trace: list[dict] = []

    # setup ------------------------------------------------------------------------------
    def _sandbox(self) -> Sandbox:
        if self.sandbox is None:
            self.sandbox = Sandbox(timeout_s=float(self.options["sandbox_timeout_s"]),
                                   memory_mb=int(self.options["sandbox_memory_mb"]))
        return self.sandbox

    def close(self) -> None:
        if self.sandbox is not None:
            self.sandbox.close()
            self.sandbox = None

    def __del__(self):
        try:
            self.close()
        except Exception:  # noqa: BLE001 - interpreter shutdown
            pass

    def _cache(self) -> WorksheetCache | None:
        model = self.context.models.get("code")
        if model is None or not self.options["use_cache"]:
            return None
        folder = Path(str(self.options["cache_dir"]))
        if not folder.is_absolute():
            folder = PROJECT_ROOT / folder
        return WorksheetCache(folder / model_slug(model.spec.model), model.spec.model,
                              generation_key(model, per_call_limit(self.options, "worksheet_max_tokens"),
                                             int(self.options["repair_attempts"])))

    def start(self, opportunities: Sequence) -> None:
        self.briefs = list(opportunities)
        self.sheets: list = [self._injected.get(b.id, PENDING) for b in self.briefs]
        self.facts: dict[tuple, Any] = {}  # field key -> value
        self.given_up: set[tuple] = set()
        self.attempts: dict[tuple, int] = {}
        self.parsed: dict[tuple, set[int]] = {}  # field key -> turns already parsed for it
        self.asked_at: dict[int, Field] = {}  # turn index -> the field it asked
        self.ingested = 0
        self._memo: dict[tuple, tuple] = {}
        self.trace = []
        self.cache = self._cache()
        self._generate(time.perf_counter())

    # generation -------------------------------------------------------------------------
    def _generate(self, started: float) -> None:
        """Generate (or load) worksheets in order; after the budget, start no new generation."""
        model = self.context.models.get("code")
        generated = False
        for i, b in enumerate(self.briefs):
            if self.sheets[i] is not PENDING:
                continue
            cached = self.cache.load(b.requirements) if self.cache else None
            if cached is None:
                if generated and time.perf_counter() - started > float(self.options["generation_budget_s"]):
                    return  # the next agent call continues
                if model is None:
                    result, ok = Generated(None, "no code model"), False
                else:
                    result, ok = generate(model, b.name, b.requirements, per_call_limit(self.options, "worksheet_max_tokens"),
                                          int(self.options["repair_attempts"]), self._sandbox().check)
                    generated = True
                if ok and self.cache:
                    self.cache.store(b.requirements, result)
            else:
                result = cached
            self.sheets[i] = result.worksheet
            self.trace.append({"event": "worksheet", "opp": b.id, "ok": result.worksheet is not None,
                               "cached": cached is not None, "reason": result.reason})

    # evaluation in the sandbox ------------------------------------------------------------
    def _env(self, sheet: Worksheet) -> dict:
        known = {PREFIX + f.name: self.facts[f.key] for f in sheet.fields if f.key in self.facts}
        unknown = [[PREFIX + f.name, None] for f in sheet.fields if f.key in self.given_up]
        return {"household": known, "members": [], "unknown": unknown}

    def evaluate(self, expr: str, sheet: Worksheet) -> tuple[str, Any]:
        """("ok", value) | ("missing", field name) | ("error", message), from the sandbox."""
        facts = self._env(sheet)
        memo = (expr, json.dumps(facts, sort_keys=True))
        if memo not in self._memo:
            try:
                code = expression_code(expr)
            except (SyntaxError, ValueError, RecursionError) as e:
                self._memo[memo] = ("error", f"{type(e).__name__}: {e}")
                return self._memo[memo]
            r = self._sandbox().run(code, "decide", facts=facts)
            if r.ok:
                out = ("ok", r.value)
            elif r.error_kind == "missing_key" and not r.given_up and (r.key or "").startswith(PREFIX):
                out = ("missing", r.key[len(PREFIX):])
            else:
                out = ("error", f"{r.error_kind}: {r.message}")
            self._memo[memo] = out
        return self._memo[memo]

    def decided(self, sheet: Worksheet) -> bool | None:
        """The decision's truth value once it can be evaluated; None while it cannot (or errs)."""
        status, value = self.evaluate(sheet.decision, sheet)
        return bool(value) if status == "ok" else None

    def next_field(self) -> Field | None:
        """The first unfilled field whose ask_if holds, in undecided worksheets (None: nothing to ask)."""
        for sheet in self.sheets:
            if not isinstance(sheet, Worksheet) or self.decided(sheet) is not None:
                continue
            for f in sheet.fields:
                if f.key in self.facts or f.key in self.given_up:
                    continue
                status, value = self.evaluate(f.ask_if, sheet)
                if status == "ok" and value:
                    return f
                # False: not needed; missing: waits for an earlier field; error: skipped
        return None

    # answers ----------------------------------------------------------------------------
    def parse(self, f: Field, index: int, dialog) -> None:
        """Fill `f` from turn `index` with one typed_value call; count a failed attempt."""
        self.parsed.setdefault(f.key, set()).add(index)
        turn = dialog.turns[index]
        model = self.context.model("dialog")
        try:
            value = typed_value(model, parse_messages(f, turn.question, turn.answer), f.value_kind)
        except ConstrainedOutputError:
            value = None
        if value is not None:
            self.facts[f.key] = value
            self.trace.append({"event": "filled", "field": f.name, "value": value, "turn": index})
            return
        self.attempts[f.key] = self.attempts.get(f.key, 0) + 1
        if self.attempts[f.key] >= int(self.options["max_attempts"]):
            self.given_up.add(f.key)
            self.trace.append({"event": "gave_up", "field": f.name, "turn": index})
        else:
            self.trace.append({"event": "unmapped", "field": f.name, "turn": index})

    def _ingest(self, dialog) -> None:
        while self.ingested < len(dialog.turns):
            i = self.ingested
            self.ingested += 1
            f = self.asked_at.get(i)
            if f is not None and f.key not in self.facts and f.key not in self.given_up:
                self.parse(f, i, dialog)

    def _advance(self, dialog) -> Field | None:
        """Take new answers in, then find the field to ask next, filling fields whose question the
        dialog already asked from those earlier answers."""
        self._ingest(dialog)
        self._generate(time.perf_counter())
        while True:
            f = self.next_field()
            if f is None:
                return None
            q = normalized(question_text(f))
            earlier = [i for i, t in enumerate(dialog.turns)
                       if normalized(t.question) == q and i not in self.parsed.get(f.key, set())]
            if not earlier:
                return f
            self.parse(f, earlier[-1], dialog)

    # the Agent interface ------------------------------------------------------------------
    def ready(self, dialog) -> bool:
        f = self._advance(dialog)  # at the limit with a field left, the dialog loop ends it (turn_limit)
        return f is None and all(s is not PENDING for s in self.sheets)

    def ask(self, dialog) -> str:
        f = self._advance(dialog)
        if f is None:
            return GENERIC_QUESTION  # only while worksheets are still being generated
        self.asked_at[len(dialog.turns)] = f
        self.trace.append({"event": "ask", "field": f.name, "turn": len(dialog.turns)})
        return question_text(f)

    def predict(self, dialog) -> dict[str, bool]:
        self._advance(dialog)
        out = {}
        for b, sheet in zip(self.briefs, self.sheets):
            out[b.id] = isinstance(sheet, Worksheet) and self.decided(sheet) is True
        return out
