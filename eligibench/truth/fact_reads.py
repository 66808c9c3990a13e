"""The raw features each derived fact reads (`checkers/facts.py`, an edition's `facts.py`), from source.

A checker that calls `receives_medicaid(m)` reads `receives_medicaid` and
`receives_disability_medicaid`: the review table must name both, and the static conditions of a
checker (`eligibench.truth.conditions`) count them as read. Static, like the conditions: the
fact discipline (`discipline.fact_violations`) keeps a fact one expression, so every attribute
of a schema feature in its body is read.

`disability(m, "any")` reads the features of the function its kind names in the module's
`DISABILITY_KINDS` dict; a fact module may re-export another's facts (`from checkers.facts
import *`, or by name) and override some of them (an edition that changes a kind defines its
own `DISABILITY_KINDS` and `disability`, since the 2024 `disability` looks up the 2024 dict).
"""
from __future__ import annotations

import ast
import importlib.util
from functools import lru_cache
from pathlib import Path

from eligibench.household import ALL_FEATURE_NAMES

KIND_DISPATCH = "DISABILITY_KINDS"  # the dict of a kind-taking fact: kind -> the function defining it
KIND_FACTS = ("disability",)  # facts whose second argument is a literal kind


def is_facts_module(name: str | None) -> bool:
    return bool(name) and (name == "checkers.facts" or (name.startswith("checkers.") and name.endswith(".facts")))


def module_path(name: str) -> Path:
    spec = importlib.util.find_spec(name)
    if spec is None or spec.origin is None:
        raise ImportError(f"derived facts module {name!r} not found (expected checkers/facts.py or "
                          "checkers/editions/<edition>/facts.py)")
    return Path(spec.origin)


@lru_cache(maxsize=16)
def fact_reads(module: str) -> dict[str, frozenset[str]]:
    """Fact name -> the raw features it reads; a kind-taking fact as "disability:any" etc."""
    tree = ast.parse(module_path(module).read_text(encoding="utf-8"))
    out: dict[str, frozenset[str]] = {}
    for node in tree.body:  # re-exports first, so the module's own definitions override them
        if isinstance(node, ast.ImportFrom) and is_facts_module(node.module):
            base = fact_reads(node.module)
            for alias in node.names:
                if alias.name == "*":
                    out.update(base)
                else:
                    out.update({k: v for k, v in base.items() if k.split(":")[0] == alias.name})
    functions = {n.name: n for n in tree.body if isinstance(n, ast.FunctionDef)}
    direct = {name: _attributes(fn) for name, fn in functions.items()}
    calls = {name: _called(fn) for name, fn in functions.items()}

    def reads(name: str, seen: frozenset[str] = frozenset()) -> frozenset[str]:
        if name in seen:
            return frozenset()
        got = set(direct.get(name, ()))
        for callee in calls.get(name, ()):
            if callee in functions:
                got |= reads(callee, seen | {name})
            elif callee in out:
                got |= out[callee]
        return frozenset(got)

    for name in functions:
        if not name.startswith("_"):
            out[name] = reads(name)
    for kind, fn in _kinds(tree).items():
        for fact in KIND_FACTS:
            out[f"{fact}:{kind}"] = reads(fn) if fn in functions else out.get(fn, frozenset())
    return out


def call_reads(call: ast.Call, facts: dict[str, frozenset[str]]) -> frozenset[str] | None:
    """The features a call of a fact reads (None when the call is not a fact)."""
    if not isinstance(call.func, ast.Name) or call.func.id not in {k.split(":")[0] for k in facts}:
        return None
    name = call.func.id
    if name in KIND_FACTS:
        kind = call.args[1] if len(call.args) > 1 else None
        if not (isinstance(kind, ast.Constant) and isinstance(kind.value, str)) or f"{name}:{kind.value}" not in facts:
            known = sorted(k.split(":")[1] for k in facts if k.startswith(name + ":"))
            raise ValueError(f"line {call.lineno}: {name}() needs a literal kind, one of {known}")
        return facts[f"{name}:{kind.value}"]
    return facts[name]


def imported_facts(tree: ast.Module) -> dict[str, frozenset[str]]:
    """The facts a checker imports (from every facts module it imports from)."""
    out: dict[str, frozenset[str]] = {}
    for node in tree.body:
        if isinstance(node, ast.ImportFrom) and is_facts_module(node.module):
            base = fact_reads(node.module)
            names = {a.name for a in node.names}
            out.update({k: v for k, v in base.items() if "*" in names or k.split(":")[0] in names})
    return out


def _attributes(fn: ast.FunctionDef) -> set[str]:
    return {n.attr for n in ast.walk(fn) if isinstance(n, ast.Attribute) and n.attr in ALL_FEATURE_NAMES}


def _called(fn: ast.FunctionDef) -> set[str]:
    out = {n.func.id for n in ast.walk(fn) if isinstance(n, ast.Call) and isinstance(n.func, ast.Name)}
    return out


def _kinds(tree: ast.Module) -> dict[str, str]:
    for node in tree.body:
        if isinstance(node, ast.Assign) and any(isinstance(t, ast.Name) and t.id == KIND_DISPATCH for t in node.targets) \
                and isinstance(node.value, ast.Dict):
            return {k.value: v.id for k, v in zip(node.value.keys, node.value.values)
                    if isinstance(k, ast.Constant) and isinstance(v, ast.Name)}
    return {}
