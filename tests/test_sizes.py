"""Size limits (issue 35 item 5): no module over 500 lines and no function over 80 lines in the
project's own code. A module or function past the limit is split by responsibility (a module
into sibling modules or a subpackage named for what each holds), never mechanically.

Measured when the limits were introduced: six modules were over 500 lines (the largest
household/consistency.py, 895) and nine functions over 80 (the largest datasets/publish.py
`card`, 146); after the split the largest module is under 500 and the longest function under 80.
"""
from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
# Every folder of non-test Python the project ships or runs (tests/ is exempt: a test module
# grows with the cases of what it tests).
CODE_ROOTS = ("eligibench", "leaderboard", "stages", "submissions", "checkers", "benchmarks")
MAX_MODULE_LINES = 500
MAX_FUNCTION_LINES = 80


def python_files(root: Path, roots: tuple[str, ...] = CODE_ROOTS) -> list[Path]:
    return sorted(p for r in roots for p in (root / r).rglob("*.py")
                  if "__pycache__" not in p.parts and not set(p.relative_to(root).parts) & {"tests", "test"})


def oversized(root: Path, roots: tuple[str, ...] = CODE_ROOTS) -> list[str]:
    """One line per module over MAX_MODULE_LINES and per function (or method) over
    MAX_FUNCTION_LINES, naming the file, the function and its first line."""
    out = []
    for path in python_files(root, roots):
        text = path.read_text(encoding="utf-8")
        rel = path.relative_to(root).as_posix()
        n = len(text.splitlines())
        if n > MAX_MODULE_LINES:
            out.append(f"{rel}: {n} lines (module limit {MAX_MODULE_LINES})")
        for node in ast.walk(ast.parse(text, filename=rel)):
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
                length = node.end_lineno - node.lineno + 1
                if length > MAX_FUNCTION_LINES:
                    out.append(f"{rel}:{node.lineno}: function {node.name} is {length} lines "
                               f"(function limit {MAX_FUNCTION_LINES})")
    return out


def test_every_code_root_exists():
    # a renamed folder would otherwise drop out of the check silently
    assert [r for r in CODE_ROOTS if not (ROOT / r).is_dir()] == []
    assert len(python_files(ROOT)) > 100


def test_no_module_or_function_over_the_limits():
    problems = oversized(ROOT)
    assert problems == [], "split these by responsibility:\n" + "\n".join(problems)


def _write(path: Path, text: str) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")


def test_the_check_catches_a_planted_long_module_and_function(tmp_path):
    body = "".join(f"    x{i} = {i}\n" for i in range(MAX_FUNCTION_LINES))  # def line + 80 = 81 lines
    _write(tmp_path / "pkg" / "long_function.py", "def f():\n" + body)
    _write(tmp_path / "pkg" / "long_method.py", "class C:\n    async def m(self):\n" + "    " + body.replace("\n    ", "\n        "))
    _write(tmp_path / "pkg" / "long_module.py", "x = 1\n" * (MAX_MODULE_LINES + 1))
    _write(tmp_path / "pkg" / "at_the_limits.py",  # an 80-line function in a 500-line module passes
           "def g():\n" + body[: body.rindex("    x")] + "z = 0\n" * (MAX_MODULE_LINES - MAX_FUNCTION_LINES))
    _write(tmp_path / "pkg" / "tests" / "test_long.py", "y = 1\n" * 1000)  # tests are exempt
    problems = oversized(tmp_path, ("pkg",))
    assert problems == [
        "pkg/long_function.py:1: function f is 81 lines (function limit 80)",
        "pkg/long_method.py:2: function m is 81 lines (function limit 80)",
        "pkg/long_module.py: 501 lines (module limit 500)",
    ]
