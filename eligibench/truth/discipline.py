"""The trace discipline for checkers (DESIGN.md): the lines a run executes must be its reasons.

A condition may only stand alone as the whole test of an `if`/`elif`/`while` (optionally under
one `not`), so that every reason is a line of its own. Rules, each reported as file:line:
- no `and` / `or`, no conditional expression, no comprehension or generator, no lambda;
- no `any()` / `all()`; no chained comparison (`a < x < b` is two conditions);
- a comparison, `in` or `is` test only as the test of an `if`/`elif`/`while`.
"""
from __future__ import annotations

import ast
from dataclasses import dataclass
from pathlib import Path


@dataclass(frozen=True)
class Violation:
    path: str
    line: int
    rule: str

    def __str__(self) -> str:
        return f"{self.path}:{self.line}: {self.rule}"


def violations(path: Path) -> list[Violation]:
    tree = ast.parse(path.read_text(), filename=str(path))
    allowed_tests: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.If, ast.While)):
            test = node.test
            if isinstance(test, ast.UnaryOp) and isinstance(test.op, ast.Not):
                test = test.operand
            allowed_tests.add(id(test))
    found: list[Violation] = []

    def add(node: ast.AST, rule: str) -> None:
        found.append(Violation(str(path), node.lineno, rule))

    for node in ast.walk(tree):
        if isinstance(node, ast.BoolOp):
            add(node, f"'{'and' if isinstance(node.op, ast.And) else 'or'}' combines conditions: use one `if` per condition")
        elif isinstance(node, ast.IfExp):
            add(node, "conditional expression: use an `if` statement")
        elif isinstance(node, (ast.ListComp, ast.SetComp, ast.DictComp, ast.GeneratorExp)):
            add(node, "comprehension/generator: use a `for` loop")
        elif isinstance(node, ast.Lambda):
            add(node, "lambda: use a named function")
        elif isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in ("any", "all"):
            add(node, f"{node.func.id}(): use a `for` loop with one `if`")
        elif isinstance(node, ast.Compare):
            if len(node.ops) > 1:
                add(node, "chained comparison: one comparison per `if`")
            elif id(node) not in allowed_tests:
                add(node, "comparison outside an `if`/`while` test: its outcome would not show in the trace")
    return sorted(found, key=lambda v: v.line)


# -- derived facts (checkers/facts.py, issue 30) ---------------------------------------------------
# A derived fact is a definition of one concept, not a decision: it is not traced line by line, so
# it may hold no reason of its own. Allowed: `return <one boolean expression>` over the member's
# raw features (and/or/not, a dispatch by a literal kind); a household fact may be
# `for m in hh.members: if <expr>: return True` then `return False`. Not allowed: any other `if`,
# a conditional expression, comprehension, lambda, a loop over anything else, and a comparison
# with any number but 0 (a threshold belongs to the checker, where its line shows in the trace).


def fact_violations(path: Path) -> list[Violation]:
    tree = ast.parse(path.read_text(), filename=str(path))
    found: list[Violation] = []

    def add(node: ast.AST, rule: str) -> None:
        found.append(Violation(str(path), node.lineno, rule))

    for fn in [n for n in tree.body if isinstance(n, ast.FunctionDef)]:
        body = fn.body[1:] if _has_docstring(fn) else fn.body
        if _is_member_loop(body):
            body = body[1:]  # the one allowed `for m in hh.members: if ...: return True`
        if len(body) != 1 or not isinstance(body[0], ast.Return) or body[0].value is None:
            add(fn, f"fact {fn.name}(): the body must be one `return <expression>` (or the household loop "
                    "`for m in hh.members: if <expr>: return True` then `return False`)")
            continue
        for node in ast.walk(body[0]):
            if isinstance(node, (ast.IfExp, ast.Lambda, ast.ListComp, ast.SetComp, ast.DictComp, ast.GeneratorExp)):
                add(node, f"fact {fn.name}(): {type(node).__name__} hides a decision: facts are one plain expression")
            elif isinstance(node, ast.Compare):
                consts = [c for c in [node.left, *node.comparators] if isinstance(c, ast.Constant)]
                if any(type(c.value) in (int, float) and c.value != 0 for c in consts):
                    add(node, f"fact {fn.name}(): compares with a threshold: thresholds belong in the checker")
    return sorted(found, key=lambda v: v.line)


def _has_docstring(fn: ast.FunctionDef) -> bool:
    first = fn.body[0]
    return isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant) and isinstance(first.value.value, str)


def _is_member_loop(body: list[ast.stmt]) -> bool:
    """`for m in hh.members: if <expr>: return True` (nothing else) followed by `return False`."""
    if len(body) != 2 or not isinstance(body[0], ast.For):
        return False
    loop, last = body[0], body[1]
    it = loop.iter
    if not (isinstance(it, ast.Attribute) and it.attr == "members") or loop.orelse or len(loop.body) != 1:
        return False
    inner = loop.body[0]
    if not isinstance(inner, ast.If) or inner.orelse or len(inner.body) != 1:
        return False
    ret = inner.body[0]
    if not (isinstance(ret, ast.Return) and isinstance(ret.value, ast.Constant) and ret.value.value is True):
        return False
    return isinstance(last, ast.Return) and isinstance(last.value, ast.Constant) and last.value.value is False
