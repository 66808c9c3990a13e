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

import ast
import hashlib
import json
import keyword
import os
import re
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Mapping, Sequence

from eligibench.agents.prompting import per_call_limit
from eligibench.agents.sandbox import ALLOWED_BUILTINS, PolicyError, Sandbox
from eligibench.evaluation.hosting import Agent, AgentContext
from eligibench.models import ConstrainedOutputError, ModelError, ModelUnavailable, ask_json, typed_value

PROJECT_ROOT = Path(__file__).resolve().parents[2]
PROMPT_VERSION = "worksheet-1"
KINDS = ("int", "float", "bool", "choice")
PREFIX = "f_"  # field `age` is facts["f_age"] in the sandbox (no clash with its reserved keys)
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

WORKSHEET_SCHEMA = {
    "type": "object",
    "properties": {
        "fields": {
            "type": "array", "minItems": 1, "maxItems": 6,
            "items": {
                "type": "object",
                "properties": {
                    "name": {"type": "string", "pattern": "^[a-z][a-z0-9_]{0,39}$"},
                    "type": {"type": "string", "enum": list(KINDS)},
                    "choices": {"type": "array", "maxItems": 6,
                                "items": {"type": "string", "minLength": 1, "maxLength": 40}},
                    "question": {"type": "string", "minLength": 1, "maxLength": 120},
                    "ask_if": {"type": "string", "minLength": 1, "maxLength": 120},
                },
                "required": ["name", "type", "choices", "question", "ask_if"],
                "additionalProperties": False,
            },
        },
        "decision": {"type": "string", "minLength": 1, "maxLength": 300},
    },
    "required": ["fields", "decision"],
    "additionalProperties": False,
}

GENERATE_SYSTEM = """You turn a benefit program's eligibility requirements into a worksheet: the facts \
to ask a household member about, and a decision rule. Reply with JSON only.

"fields": at most 6, in the order to ask them. Each has:
- "name": a snake_case variable name;
- "type": "int", "float", "bool", or "choice" (then "choices" lists the allowed answers; else []);
- "question": the question to ask, in plain words;
- "ask_if": a Python condition on earlier fields saying when the field is needed, or "True".
"decision": a Python boolean expression over the field names that is True exactly when the \
household qualifies (use and, or, not, comparisons, numbers, quoted choices).

Example requirements: A person qualifies if they live in New York City and are 65 or older, or are \
60 or older and have a disability.
Example worksheet: {"fields": [{"name": "lives_in_nyc", "type": "bool", "choices": [], "question": \
"Do you live in New York City?", "ask_if": "True"}, {"name": "age", "type": "int", "choices": [], \
"question": "How old are you?", "ask_if": "lives_in_nyc"}, {"name": "has_disability", "type": "bool", \
"choices": [], "question": "Do you have a disability?", "ask_if": "age >= 60 and age < 65"}], \
"decision": "lives_in_nyc and (age >= 65 or (age >= 60 and has_disability))"}"""

PARSE_SYSTEM = "You read one answer from a member of a household and extract one fact from it."
KIND_WORDS = {"int": "a whole number", "float": "a number", "bool": "true or false"}


def generate_messages(name: str, requirements: str) -> list[dict]:
    return [{"role": "system", "content": GENERATE_SYSTEM},
            {"role": "user", "content": f"Requirements of {name}:\n{requirements.strip()}\n\nWorksheet:"}]


# ----------------------------------------------------------------------------- worksheets


class WorksheetError(ValueError):
    """A worksheet that cannot be used; the message says why."""


@dataclass(frozen=True)
class Field:
    name: str
    kind: str  # int | float | bool | choice
    question: str
    ask_if: str = "True"
    choices: tuple[str, ...] = ()

    @property
    def key(self) -> tuple:
        """Fields are shared across worksheets when name, type and choices agree."""
        return (self.name, self.kind, self.choices)

    @property
    def value_kind(self):
        """What typed_value takes: "int" / "float" / "bool" / the list of choices."""
        return list(self.choices) if self.kind == "choice" else self.kind

    def to_json(self) -> dict:
        return {"name": self.name, "type": self.kind, "choices": list(self.choices), "question": self.question,
                "ask_if": self.ask_if}


@dataclass(frozen=True)
class Worksheet:
    fields: tuple[Field, ...]
    decision: str
    notes: tuple[str, ...] = ()  # what validation changed

    def to_json(self) -> dict:
        return {"fields": [f.to_json() for f in self.fields], "decision": self.decision, "notes": list(self.notes)}

    @classmethod
    def from_json(cls, raw: Mapping[str, Any]) -> "Worksheet":
        fields = tuple(Field(f["name"], f["type"], f["question"], f.get("ask_if", "True"), tuple(f.get("choices") or ()))
                       for f in raw["fields"])
        return cls(fields, raw["decision"], tuple(raw.get("notes") or ()))


def expression_names(expr: str) -> set[str]:
    """Field names an expression reads (calls to allowed builtins excluded); WorksheetError if no expression."""
    try:
        tree = ast.parse(expr.strip(), mode="eval")
    except (SyntaxError, ValueError, RecursionError) as e:
        raise WorksheetError(f"{expr!r} is not a Python expression ({e.__class__.__name__})") from None
    callees = {id(n.func) for n in ast.walk(tree) if isinstance(n, ast.Call)}
    return {n.id for n in ast.walk(tree) if isinstance(n, ast.Name) and n.id not in ("True", "False", "None")
            and not (id(n) in callees and n.id in ALLOWED_BUILTINS)}


class _ToFacts(ast.NodeTransformer):
    def __init__(self):
        self.callees: set[int] = set()

    def visit_Call(self, node):
        self.callees.add(id(node.func))
        return self.generic_visit(node)

    def visit_Name(self, node):
        if node.id in ("True", "False", "None") or (id(node) in self.callees and node.id in ALLOWED_BUILTINS):
            return node
        return ast.copy_location(ast.Subscript(ast.Name("facts", ast.Load()), ast.Constant(PREFIX + node.id), ast.Load()),
                                 node)


def expression_code(expr: str) -> str:
    """`def decide(facts): return <expr>`, every field name read as facts["f_<name>"]."""
    tree = ast.parse(expr.strip(), mode="eval")
    body = _ToFacts().visit(tree).body
    return f"def decide(facts):\n    return {ast.unparse(body)}\n"


def validate_worksheet(raw: Mapping[str, Any], check_code=None) -> Worksheet:
    """A usable Worksheet from the model's JSON, or WorksheetError. `check_code(code)` raises
    PolicyError for code the sandbox refuses (Sandbox.check)."""
    notes: list[str] = []
    fields: list[Field] = []
    seen: set[str] = set()

    def allowed(expr: str) -> None:
        if check_code is not None:
            try:
                check_code(expression_code(expr))
            except PolicyError as e:
                raise WorksheetError(f"{expr!r}: {e}") from None

    for i, f in enumerate(raw.get("fields") or []):
        name = str(f.get("name", "")).strip()
        if not re.fullmatch(r"[a-z][a-z0-9_]{0,39}", name) or keyword.iskeyword(name) or name == "facts":
            raise WorksheetError(f"field {i + 1}: name {name!r} is not a snake_case variable name")
        if name in seen:
            notes.append(f"dropped a second field named {name!r}")
            continue
        kind = str(f.get("type", ""))
        if kind not in KINDS:
            raise WorksheetError(f"field {name!r}: type {kind!r} is not one of {', '.join(KINDS)}")
        choices: tuple[str, ...] = ()
        if kind == "choice":
            choices = tuple(dict.fromkeys(str(c).strip() for c in f.get("choices") or [] if str(c).strip()))
            if len(choices) < 2:
                raise WorksheetError(f"field {name!r}: a choice field needs at least two choices")
        question = " ".join(str(f.get("question", "")).split())
        if len(re.findall(r"[A-Za-z]+", question)) < 2:
            question = f"What is your {name.replace('_', ' ')}?"
            notes.append(f"field {name!r}: empty question replaced")
        ask_if = " ".join(str(f.get("ask_if", "")).split()) or "True"
        try:
            unknown = expression_names(ask_if) - seen
            if unknown:
                raise WorksheetError(f"reads {sorted(unknown)}, not earlier fields")
            allowed(ask_if)
        except WorksheetError as e:
            notes.append(f"field {name!r}: ask_if {ask_if!r} replaced by 'True' ({e})")
            ask_if = "True"
        seen.add(name)
        fields.append(Field(name, kind, question, ask_if, choices))
    if not fields:
        raise WorksheetError("the worksheet has no fields")
    decision = " ".join(str(raw.get("decision", "")).split())
    if not decision:
        raise WorksheetError("the decision is empty")
    needed = expression_names(decision)
    unknown = needed - seen
    if unknown:
        raise WorksheetError(f"the decision reads {sorted(unknown)}, which are not fields")
    allowed(decision)
    # Keep only the fields the decision needs, directly or through kept fields' ask_if.
    by_name = {f.name: f for f in fields}
    changed = True
    while changed:
        more = set().union(*(expression_names(by_name[n].ask_if) for n in needed)) - needed
        changed = bool(more)
        needed |= more
    dropped = [f.name for f in fields if f.name not in needed]
    if dropped:
        notes.append(f"dropped fields the decision does not use: {dropped}")
    return Worksheet(tuple(f for f in fields if f.name in needed), decision, tuple(notes))


# ----------------------------------------------------------------------------- generation and cache


@dataclass(frozen=True)
class Generated:
    worksheet: Worksheet | None
    reason: str = ""  # why generation failed
    attempts: tuple[str, ...] = ()

    def to_json(self) -> dict:
        return {"worksheet": self.worksheet.to_json() if self.worksheet else None, "reason": self.reason,
                "attempts": list(self.attempts)}

    @classmethod
    def from_json(cls, raw: Mapping[str, Any]) -> "Generated":
        ws = raw.get("worksheet")
        return cls(Worksheet.from_json(ws) if ws else None, str(raw.get("reason", "")), tuple(raw.get("attempts") or ()))


def generate(model, name: str, requirements: str, max_tokens: int | None = None, repair_attempts: int = 1,
             check_code=None) -> tuple[Generated, bool]:
    """(result, cacheable): a worksheet, or None with the reason. Model errors other than an
    unreachable endpoint are failures that are not cached (they may not repeat)."""
    messages = generate_messages(name, requirements)
    attempts: list[str] = []
    for _ in range(repair_attempts + 1):
        try:
            raw = ask_json(model, messages, WORKSHEET_SCHEMA, max_tokens=max_tokens)
        except ConstrainedOutputError as e:
            attempts.append(f"no valid JSON: {str(e)[:300]}")
            return Generated(None, "the model gave no valid worksheet JSON", tuple(attempts)), True
        except ModelUnavailable:
            raise
        except ModelError as e:
            return Generated(None, f"model error: {type(e).__name__}: {str(e)[:300]}"), False
        try:
            return Generated(validate_worksheet(raw, check_code), attempts=tuple(attempts)), True
        except WorksheetError as e:
            attempts.append(str(e)[:300])
            messages = messages + [
                {"role": "assistant", "content": json.dumps(raw)},
                {"role": "user", "content": f"That worksheet cannot be used: {e}. Reply with a corrected worksheet."}]
    return Generated(None, f"invalid worksheet: {attempts[-1]}", tuple(attempts)), True


def model_slug(model_name: str) -> str:
    base = Path(model_name).stem if model_name.lower().endswith(".gguf") else model_name
    return re.sub(r"[^a-z0-9._-]+", "-", base.lower()).strip("-.") or "model"


class WorksheetCache:
    """JSON files `<folder>/<sha256(requirements)>.json`, one folder per code model."""

    def __init__(self, folder: Path | str, model_name: str):
        self.folder = Path(folder)
        self.model_name = model_name

    def path(self, requirements: str) -> Path:
        return self.folder / f"{hashlib.sha256(requirements.encode('utf-8')).hexdigest()}.json"

    def load(self, requirements: str) -> Generated | None:
        try:
            raw = json.loads(self.path(requirements).read_text(encoding="utf-8"))
            if (raw.get("prompt_version") != PROMPT_VERSION or raw.get("model") != self.model_name
                    or raw.get("requirements") != requirements):
                return None
            return Generated.from_json(raw["result"])
        except (OSError, ValueError, KeyError, TypeError, AttributeError):
            return None

    def store(self, requirements: str, result: Generated) -> None:
        record = {"prompt_version": PROMPT_VERSION, "model": self.model_name, "requirements": requirements,
                  "result": result.to_json()}
        path = self.path(requirements)
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            fd, tmp = tempfile.mkstemp(prefix=".tmp-", suffix=".json", dir=path.parent)
            with os.fdopen(fd, "w", encoding="utf-8") as f:
                f.write(json.dumps(record, indent=1, sort_keys=True, ensure_ascii=False) + "\n")
            os.replace(tmp, path)
        except OSError:
            pass  # a read-only cache is not an error: the worksheet is still used


def pregenerate(model, briefs: Sequence, cache_folder: Path | str, max_tokens: int | None = None, repair_attempts: int = 1,
                progress=None) -> dict[str, Generated]:
    """Generate (or load) every brief's worksheet into `cache_folder`, which should be
    `<cache_dir>/<model_slug(model.spec.model)>` (e.g. for a pipeline stage that warms the cache)."""
    cache = WorksheetCache(cache_folder, model.spec.model)
    out = {}
    with Sandbox() as box:
        for b in briefs:
            t0 = time.perf_counter()
            result, cached = cache.load(b.requirements), True
            if result is None:
                cached = False
                result, ok = generate(model, b.name, b.requirements, max_tokens, repair_attempts, box.check)
                if ok:
                    cache.store(b.requirements, result)
            out[b.id] = result
            if progress:
                progress(b.id, result, cached, time.perf_counter() - t0)
    return out


def pregenerate_hook(models, briefs: Sequence, out_dir: Path | str, options: Mapping[str, Any],
                     progress=None) -> dict[str, Generated]:
    """The manifest's `pregenerate` hook: every brief's worksheet into `<out_dir>/<code model slug>/`."""
    model = models["code"]
    return pregenerate(model, briefs, Path(out_dir) / model_slug(model.spec.model),
                       per_call_limit(options, "worksheet_max_tokens"), int(options.get("repair_attempts", 1)),
                       progress=(lambda oid, *rest: progress(oid)) if progress else None)


# ----------------------------------------------------------------------------- the agent

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
        return WorksheetCache(folder / model_slug(model.spec.model), model.spec.model)

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
