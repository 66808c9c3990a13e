"""Every metric label a person reads comes from the catalogue (results/catalogue.py): library code
and stage scripts hold no string that is a catalogue label, or starts with one as a figure's name
("TW-F1 12.3"); they call `results.metric(name).label`. (The leaderboard has its own check of its
columns, tests/leaderboard/test_lb_metric_labels.py.)"""
from __future__ import annotations

import ast
from pathlib import Path

from eligibench.results import METRICS

ROOT = Path(__file__).resolve().parents[2]
# labels a reader would recognise as ours (a lowercase word like "turns" or "accuracy" is also plain English)
LABELS = sorted({t for m in METRICS for t in (m.label, m.title) if t and t != t.lower()}, key=len, reverse=True)


def _docstrings(tree: ast.AST) -> set[int]:
    return {id(n.body[0].value) for n in ast.walk(tree)
            if isinstance(n, (ast.Module, ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef))
            and n.body and isinstance(n.body[0], ast.Expr) and isinstance(n.body[0].value, ast.Constant)}


def literal_labels(source: str) -> list[tuple[int, str]]:
    tree = ast.parse(source)
    docs = _docstrings(tree)
    return [(n.lineno, n.value) for n in ast.walk(tree)
            if isinstance(n, ast.Constant) and isinstance(n.value, str) and id(n) not in docs
            and any(n.value == lab or n.value.startswith(lab + " {") or n.value.startswith(lab + " ") and
                    n.value[len(lab) + 1:][:1] in "{0123456789" for lab in LABELS)]


def test_the_check_finds_a_planted_label():
    assert literal_labels('x = "TW-F1"\ny = f"TW-F1 {v}"\n"""TW-F1 in a docstring"""\nz = "F1 drop"\n') == \
        [(1, "TW-F1"), (2, "TW-F1 ")]


def test_no_metric_label_is_spelled_outside_the_catalogue():
    found = []
    for folder in ("eligibench", "stages"):
        for path in sorted((ROOT / folder).rglob("*.py")):
            if path.name == "catalogue.py":
                continue
            found += [f"{path.relative_to(ROOT)}:{line}: {text!r}" for line, text in literal_labels(path.read_text())]
    assert not found, "metric labels spelled outside results/catalogue.py (use results.metric(name).label):\n" + "\n".join(found)
