"""Issue 35.4: every metric label the board shows comes from the metric catalogue
(`eligibench.results.catalogue`), never a string literal in a view: renaming a metric there renames
it on every page. The check reads the leaderboard's source (docstrings excluded: they explain)."""
from __future__ import annotations

import ast
import re
from pathlib import Path

from eligibench.results import columns

LEADERBOARD = Path(__file__).resolve().parents[2] / "leaderboard"


def catalogue_labels() -> set[str]:
    out = set()
    for c in columns():
        out.add(c.label)
        if c.interval_label:
            out.add(c.interval_label)
    return out


def docstrings(tree: ast.AST) -> set[int]:
    ids = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)):
            body = getattr(node, "body", [])
            if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant):
                ids.add(id(body[0].value))
    return ids


def literal_labels(path: Path, labels: set[str], root: Path = LEADERBOARD.parent) -> list[str]:
    """`file:line: 'label'` for each string literal (or literal part of an f-string) that names a
    catalogue label as a whole word."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    skip = docstrings(tree)
    found = []
    pattern = re.compile("|".join(rf"(?<![\w-]){re.escape(x)}(?![\w-])" for x in sorted(labels, key=len, reverse=True)))
    for node in ast.walk(tree):
        if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in skip:
            for m in pattern.finditer(node.value):
                found.append(f"{path.relative_to(root)}:{node.lineno}: {m.group(0)!r}")
    return found


def test_the_catalogue_has_the_labels_this_check_looks_for():
    labels = catalogue_labels()
    assert {"TW-F1", "Avg F1", "Avg turns", "TW-F1 95% CI"} <= labels


def test_the_check_finds_a_literal_label(tmp_path):
    bad = tmp_path / "view.py"
    bad.write_text('"""TW-F1 in a docstring is prose."""\nSORT = "TW-F1"\nTIP = f"{x} · Avg turns {y}"\n')
    hits = literal_labels(bad, catalogue_labels(), tmp_path)
    assert [h.split(": ", 1)[1] for h in hits] == ["'TW-F1'", "'Avg turns'"]


def test_no_metric_label_is_a_literal_in_the_leaderboard():
    labels = catalogue_labels()
    hits = [h for p in sorted(LEADERBOARD.rglob("*.py")) for h in literal_labels(p, labels)]
    assert not hits, ("metric labels written as literals (take them from eligibench.results.catalogue, e.g. "
                      "leaderboard.queries.labels):\n" + "\n".join(hits))
