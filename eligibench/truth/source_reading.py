"""What the explainer reads from a checker's source: single comparisons and their mirror/negation,
member attributes, the names each line reads, and which functions help or block the verdict
(`polarities`)."""
from __future__ import annotations

import ast

NEGATE = {ast.Gt: ast.LtE, ast.GtE: ast.Lt, ast.Lt: ast.GtE, ast.LtE: ast.Gt, ast.Eq: ast.NotEq,
           ast.NotEq: ast.Eq, ast.In: ast.NotIn, ast.NotIn: ast.In, ast.Is: ast.IsNot, ast.IsNot: ast.Is}
MIRROR = {ast.Gt: ast.Lt, ast.GtE: ast.LtE, ast.Lt: ast.Gt, ast.LtE: ast.GtE}
MEMBER_NAMES = ("m", "member", "me", "person", "child", "adult", "spouse", "parent", "other")


def single_comparison(test: ast.expr | None) -> tuple[ast.expr, type, ast.expr] | None:
    while isinstance(test, ast.UnaryOp) and isinstance(test.op, ast.Not):
        test = test.operand
    if isinstance(test, ast.Compare) and len(test.ops) == 1:
        return test.left, type(test.ops[0]), test.comparators[0]
    return None


def is_member_attr(node: ast.expr) -> bool:
    return isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) and node.value.id in MEMBER_NAMES


def leaf_name(node: ast.expr) -> str:
    if isinstance(node, ast.Call):
        f = node.func
        return f.attr if isinstance(f, ast.Attribute) else f.id if isinstance(f, ast.Name) else ""
    if isinstance(node, ast.Name):
        return node.id
    if isinstance(node, ast.Attribute):
        return node.attr
    return ""


def polarities(tree: ast.AST) -> tuple[dict[int, str], dict[str, int]]:
    """(condition line -> its function, function -> +1 when returning True helps the verdict, -1
    when it disqualifies). From `check` (+1) down the calls `if [not] f(...): return <bool>`."""
    functions = {n.name: n for n in ast.walk(tree) if isinstance(n, ast.FunctionDef)}
    line_of: dict[int, str] = {}
    for name, fn in functions.items():
        for n in ast.walk(fn):
            if isinstance(n, (ast.If, ast.While)):
                line_of[n.test.lineno] = name
    polarity = {"check": 1}
    todo = ["check"]
    while todo:
        name = todo.pop()
        for n in ast.walk(functions[name]) if name in functions else ():
            if not isinstance(n, ast.If) or not n.body or not isinstance(n.body[0], ast.Return):
                continue
            ret = n.body[0].value
            if not (isinstance(ret, ast.Constant) and isinstance(ret.value, bool)):
                continue
            test, sign = n.test, 1
            while isinstance(test, ast.UnaryOp) and isinstance(test.op, ast.Not):
                test, sign = test.operand, -sign
            if isinstance(test, ast.Call) and isinstance(test.func, ast.Name) and test.func.id in functions:
                callee = test.func.id
                if callee not in polarity:
                    # f() true -> returns ret: helps this function's True when ret is True
                    polarity[callee] = polarity[name] * sign * (1 if ret.value else -1)
                    todo.append(callee)
    return line_of, polarity


def names_by_line(tree: ast.AST) -> dict[int, tuple[str, ...]]:
    """Names each branch/return/assign line reads (its header only, not a body)."""
    out: dict[int, tuple[str, ...]] = {}
    for node in ast.walk(tree):
        part = node.test if isinstance(node, (ast.If, ast.While)) else \
            node.value if isinstance(node, (ast.Return, ast.Assign, ast.AugAssign)) else None
        if part is not None:
            names = tuple(dict.fromkeys(n.id for n in ast.walk(part) if isinstance(n, ast.Name)))
            if names:
                out[part.lineno] = names
    return out


__all__ = [
    "MEMBER_NAMES",
    "MIRROR",
    "NEGATE",
    "is_member_attr",
    "leaf_name",
    "names_by_line",
    "polarities",
    "single_comparison",
]
