"""Checkers read derived facts, not the raw features a fact covers (issue 30, checkers/README.md
"Derived facts"): an AST scan over every checker of every edition, naming file:line."""
from __future__ import annotations

import ast
from pathlib import Path

import pytest

from checkers.facts import COVERED, DISABILITY_KINDS

ROOT = Path(__file__).resolve().parents[2]
NOT_CHECKERS = ("__init__.py", "facts.py")


def checker_files() -> list[Path]:
    files = list((ROOT / "checkers").glob("*.py")) + list((ROOT / "checkers" / "editions").glob("*/*.py"))
    return sorted(p for p in files if p.name not in NOT_CHECKERS and not p.name.startswith("_"))


def vocabulary_violations(path: Path) -> list[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    shown = path.relative_to(ROOT) if path.is_relative_to(ROOT) else path
    out: list[str] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Attribute) and node.attr in COVERED and isinstance(node.ctx, ast.Load):
            facts = " or ".join(f"{f}()" for f in COVERED[node.attr])
            out.append(f"{shown}:{node.lineno}: reads raw feature {node.attr!r}, which a derived fact covers: "
                       f"call {facts} from checkers.facts")
        elif isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "disability":
            kind = node.args[1] if len(node.args) > 1 else None
            if not (isinstance(kind, ast.Constant) and kind.value in DISABILITY_KINDS):
                out.append(f"{shown}:{node.lineno}: disability() needs a literal kind, one of {sorted(DISABILITY_KINDS)}")
    return sorted(out, key=lambda s: int(s.split(":")[1]))


def test_every_checker_of_every_edition_reads_derived_facts():
    found = [v for p in checker_files() for v in vocabulary_violations(p)]
    assert not found, f"{len(found)} raw reads of covered features:\n" + "\n".join(found)


def test_the_scan_covers_both_editions():
    files = checker_files()
    assert len([p for p in files if p.parent.name == "checkers"]) == 82
    assert any(p.parent.parent.name == "editions" for p in files)


@pytest.mark.parametrize("line, found", [
    ("if m.receives_cash_assistance:", "'receives_cash_assistance'"),
    ("if m.receives_disability_medicaid:", "receives_medicaid()"),
    ("if not m.disabled:", "disability()"),
    ("if m.receives_snap:", "household_receives_snap()"),
    ("if disability(m, kind):", "literal kind"),
    ("if disability(m, 'severe'):", "literal kind"),
])
def test_each_raw_read_is_named_with_its_line(tmp_path, line, found):
    p = tmp_path / "bad.py"
    p.write_text(f"def member_qualifies(m):\n    {line}\n        return True\n    return False\n")
    got = vocabulary_violations(p)
    assert len(got) == 1 and found in got[0] and got[0].startswith(f"{p}:2:"), got


@pytest.mark.parametrize("line", [
    "if receives_medicaid(m):",
    "if disability(m, 'any'):",
    "if m.work_hours_per_week > 0:",  # "works" compares in place: the fuzzer reads the 0 from the checker
    "if household_receives_snap(hh):",
])
def test_facts_and_thresholds_pass(tmp_path, line):
    p = tmp_path / "ok.py"
    p.write_text(f"def member_qualifies(m):\n    {line}\n        return True\n    return False\n")
    assert vocabulary_violations(p) == []
