import ast
import json
import subprocess
import sys
from pathlib import Path

from checkers import registry
from eligibench.household import household, household_to_v1

ROOT = Path(__file__).resolve().parents[2]


def _run(*args: str):
    return subprocess.run([sys.executable, "-m", "eligibench.cli", "check", *args], capture_output=True, text=True, cwd=ROOT)


def _hh(age: int):
    return household({"name": "Ana", "age": age})


def test_our_format_one_line_per_verdict_with_trace(tmp_path):
    f = tmp_path / "h.jsonl"
    f.write_text(json.dumps({"household": _hh(40).to_dict(), "opportunities": ["IDNYC", "SummerMeals"]}) + "\n"
                 + json.dumps({"household": _hh(5).to_dict(), "opportunities": ["IDNYC"]}) + "\n")
    r = _run(str(f))
    assert r.returncode == 0, r.stderr
    lines = [json.loads(l) for l in r.stdout.splitlines()]
    assert [(l["row"], l["opportunity"], l["eligible"]) for l in lines] == [
        (1, "IDNYC", True), (1, "SummerMeals", False), (2, "IDNYC", False)]
    assert all(len(l["trace"]) == 12 for l in lines)
    assert lines[0]["trace"] != lines[2]["trace"]


def test_v1_format_and_all(tmp_path):
    f = tmp_path / "v1.jsonl"
    f.write_text(json.dumps({"hh": household_to_v1(_hh(40)), "edge_case_programs": ["IDNYC"]}) + "\n")
    r = _run(str(f), "--format", "v1", "--all")
    assert r.returncode == 0, r.stderr
    lines = [json.loads(l) for l in r.stdout.splitlines()]
    assert [l["opportunity"] for l in lines] == sorted(registry())


def test_bad_rows_are_named_and_the_rest_still_run(tmp_path):
    bad = _hh(40).to_dict()
    bad["members"][0]["age"] = "old"
    f = tmp_path / "h.jsonl"
    f.write_text(json.dumps({"household": bad, "opportunities": ["IDNYC"]}) + "\n"
                 + '{"household": {"members": [\n'
                 + json.dumps({"household": _hh(40).to_dict(), "opportunities": ["Nope"]}) + "\n"
                 + json.dumps({"household": _hh(40).to_dict(), "opportunities": ["IDNYC"]}) + "\n")
    r = _run(str(f))
    assert r.returncode == 1
    assert "row 1: member 0, feature 'age'" in r.stderr
    assert "row 2: not valid JSON" in r.stderr
    assert "row 3: opportunities: unknown opportunity id 'Nope'" in r.stderr
    assert [json.loads(l)["row"] for l in r.stdout.splitlines()] == [4]


def test_every_checker_has_at_least_four_tests():
    tests = ROOT / "tests" / "checkers"
    for oid, mod in registry().items():
        name = mod.__name__.split(".")[-1]
        path = tests / f"test_{name}.py"
        assert path.exists(), f"{oid}: no {path.name}"
        tree = ast.parse(path.read_text())
        n = sum(isinstance(n, ast.FunctionDef) and n.name.startswith("test") for n in ast.walk(tree))
        assert n >= 4, f"{oid}: only {n} tests in {path.name}"


def test_tracing_every_checker_on_varied_households_gives_booleans():
    from benchmarks.trace_checkers import random_households
    from eligibench.truth import trace_all, traced_checkers

    m = trace_all(random_households(200, 1), traced_checkers(registry()))
    assert len(m.cells) == 200 and len(m.opportunities) == 82
    for oid in m.opportunities:
        for lines in m.traces[oid]:
            assert lines <= m.coverable[oid]
