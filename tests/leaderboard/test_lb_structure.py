"""Issue 35.4: the leaderboard's shape, read from its source: SQL only in `leaderboard/queries/`,
callbacks as module-level functions (no function or lambda defined inside a tab builder or the
app's builder), and the size limits (modules <= 500 lines, functions <= 80)."""
from __future__ import annotations

import ast
import re
from pathlib import Path

LEADERBOARD = Path(__file__).resolve().parents[2] / "leaderboard"
SQL = re.compile(r"\bSELECT\b[\s\S]*\bFROM\b|\.execute(many)?\(|\br\.df\(")


def sources():
    for path in sorted(LEADERBOARD.rglob("*.py")):
        yield path, path.read_text(encoding="utf-8")


def test_sql_is_only_in_the_queries_package():
    outside = [str(p.relative_to(LEADERBOARD.parent)) for p, text in sources()
               if "queries" not in p.relative_to(LEADERBOARD).parts and SQL.search(text)]
    assert not outside, f"SQL outside leaderboard/queries/: {outside}"
    assert any(SQL.search(t) for p, t in sources() if p.parent.name == "queries")  # the check sees SQL at all


def nested_callables(tree: ast.Module) -> list[str]:
    """Functions and lambdas defined inside the module's top-level `build*` functions."""
    out = []
    for node in tree.body:
        if isinstance(node, ast.FunctionDef) and node.name.startswith("build"):
            for inner in ast.walk(node):
                if inner is not node and isinstance(inner, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)):
                    out.append(f"{node.name}:{inner.lineno}")
    return out


def test_builders_hold_no_nested_callbacks():
    found = {str(p.relative_to(LEADERBOARD.parent)): hits for p, t in sources() if (hits := nested_callables(ast.parse(t)))}
    assert not found, f"callbacks defined inside a builder (make them module-level functions): {found}"
    assert nested_callables(ast.parse("def build(ctx):\n    x.click(lambda v: v)\n")) == ["build:2"]


def test_no_module_over_500_lines_and_no_function_over_80():
    big = []
    for p, text in sources():
        if len(text.splitlines()) > 500:
            big.append(f"{p.name}: {len(text.splitlines())} lines")
        for node in ast.walk(ast.parse(text)):
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) and node.end_lineno - node.lineno + 1 > 80:
                big.append(f"{p.name}:{node.name}: {node.end_lineno - node.lineno + 1} lines")
    assert not big, big
