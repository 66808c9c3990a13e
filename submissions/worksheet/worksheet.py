"""A worksheet: typed fields with `ask_if` predicates and a decision expression, the JSON schema
the code model fills, and its validation (see `agent` for the policy that asks the fields)."""
from __future__ import annotations

import ast
import keyword
import re
from dataclasses import dataclass
from typing import Any, Mapping

from eligibench.agents.sandbox import ALLOWED_BUILTINS, PolicyError

KINDS = ("int", "float", "bool", "choice")

PREFIX = "f_"  # field `age` is facts["f_age"] in the sandbox (no clash with its reserved keys)

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
