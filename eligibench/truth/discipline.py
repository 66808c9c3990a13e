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
# A derived fact is traced with the checker that calls it (its lines are FACT_LINES + n in the
# checker's trace, `tracing.instrument`), so it keeps the checkers' discipline: one operand per
# `if` (`if m.receives_medicaid: return True`), no and/or, conditional expression, comprehension,
# lambda, any()/all() or chained comparison, so the trace names the operand that decided. A fact
# holds no threshold: a comparison with any number but 0 belongs to the checker, where its line
# shows in the trace and the fuzzer takes its near-threshold values from the checker's source.


def fact_violations(path: Path) -> list[Violation]:
    found = violations(path)
    tree = ast.parse(path.read_text(), filename=str(path))
    for fn in [n for n in tree.body if isinstance(n, ast.FunctionDef)]:
        for node in ast.walk(fn):
            if isinstance(node, ast.Compare):
                for c in [node.left, *node.comparators]:
                    if isinstance(c, ast.Constant) and type(c.value) in (int, float) and c.value != 0:
                        found.append(Violation(str(path), node.lineno, f"fact {fn.name}(): compares with a "
                                               "threshold: thresholds belong in the checker"))
    return sorted(found, key=lambda v: v.line)
