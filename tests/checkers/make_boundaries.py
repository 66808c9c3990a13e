"""Regenerate tests/checkers/boundaries.json (issue 19, item 6): for every number each checker
compares with, a household whose verdict flips at it (`eligibench.truth.boundaries`).

The households searched are the ones the checker's own tests run (recorded while calling each
argument-free test function), each also grown to every larger size, then fuzzed households.
Thresholds no household reaches are written under `unreached` for a reason to be filled in by
hand; `test_boundaries.py` fails on any threshold with neither a case nor a reason.

    PYTHONPATH=. python -m tests.checkers.make_boundaries
"""
from __future__ import annotations

import importlib
import json
import sys
from pathlib import Path

import checkers
from eligibench.datasets import fuzz_households, thresholds_from_checkers
from eligibench.household import MAX_MEMBERS
from eligibench.truth import checker_conditions, find_boundary, grown

OUT = Path(__file__).with_name("boundaries.json")


def households_of_tests(module) -> list:
    name = module.__name__.split(".")[-1]
    try:
        tests = importlib.import_module(f"tests.checkers.test_{name}")
    except ModuleNotFoundError:
        return []
    seen: list = []
    original = tests.check

    def recording(hh):
        seen.append(hh)
        return original(hh)

    tests.check = recording
    try:
        for fname, fn in sorted(vars(tests).items()):
            if fname.startswith("test_") and callable(fn) and fn.__code__.co_argcount == 0:
                try:
                    fn()
                except Exception:  # a failing test is reported by pytest, not here
                    pass
    finally:
        tests.check = original
    return seen


def _known_reason(module, x: float) -> str | None:
    """Why a threshold cannot be reached, when the checker's constants say it: an income-table
    entry for 7 or more people, or the amount for each person past the table's end."""
    first = getattr(module, "FIRST_SIZE", 1)
    for name, value in sorted(vars(module).items()):
        if isinstance(value, tuple) and value and all(isinstance(v, (int, float)) for v in value):
            for i, v in enumerate(value):
                if v == x and first + i > MAX_MEMBERS:
                    return f"{name} entry for {first + i} people: a household has at most {MAX_MEMBERS} members"
    tables = [v for v in vars(module).values() if isinstance(v, tuple) and v and all(isinstance(t, (int, float)) for t in v)]
    last_size = max((first + len(t) - 1 for t in tables), default=0)
    for name, value in sorted(vars(module).items()):
        if isinstance(value, (int, float)) and value == x and any(w in name for w in ("EXTRA", "ADDITIONAL")):
            if last_size >= MAX_MEMBERS:
                return f"{name}: applies past the table's last size ({last_size}), above {MAX_MEMBERS} members"
    return None


def main() -> None:
    reg = checkers.registry()
    fuzzed = fuzz_households(800, 19, thresholds_from_checkers(reg.values()))
    old = json.loads(OUT.read_text()) if OUT.exists() else {"unreached": {}}
    reasons = old.get("unreached", {})
    cases, unreached = [], {}
    only = set(sys.argv[1:])
    for oid in sorted(reg):
        module = reg[oid]
        if only and oid not in only:
            continue
        pool = [g for hh in households_of_tests(module) for g in grown(hh)] + fuzzed
        for x in sorted(checker_conditions(module).thresholds):
            key = f"{oid} {x!r}"
            known = _known_reason(module, x)
            case = None if known else find_boundary(oid, module, x, pool)
            if case is None:
                unreached[key] = known or reasons.get(key) or "TODO"
            else:
                cases.append(case.to_dict())
        print(oid, len(cases), len(unreached), flush=True)
    OUT.write_text(json.dumps({"cases": cases, "unreached": unreached}, indent=1, sort_keys=True) + "\n")


if __name__ == "__main__":
    main()
