"""No test takes over 60 s on its own unless marked `e2e` (tests/budget.py): the check fails such a
test, with and without pytest-xdist, and load on the machine cannot make it fail a fast one."""
from __future__ import annotations

import json
import os
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

from tests import budget

ROOT = Path(__file__).resolve().parents[1]

SLOW_TESTS = '''
import time
import pytest

def test_fast():
    pass

def test_slow():
    time.sleep(1.6)

@pytest.mark.e2e
def test_slow_but_end_to_end():
    time.sleep(1.6)

@pytest.fixture
def slow_fixture():
    time.sleep(1.6)

def test_slow_setup(slow_fixture):
    pass

def test_slow_and_failing():
    time.sleep(1.6)
    assert False, "its own failure"
'''


def test_this_run_has_the_budget_and_it_is_60_seconds(request):
    assert request.config.pluginmanager.get_plugin("benyfits-budget") is budget
    assert budget.BUDGET_S == 60.0 and budget.MARKER == "e2e"
    options = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["pytest"]["ini_options"]
    assert "test_budget_s" not in options and "test_budget_s" not in options.get("addopts", "")
    assert any(m.startswith("e2e:") for m in options["markers"])


@pytest.mark.parametrize("xdist", [[], ["-n", "2"]], ids=["serial", "xdist"])
def test_a_test_over_the_budget_fails_unless_marked_e2e(tmp_path, xdist):
    """A 1 s budget, tests of 1.6 s. The pressure file is fixed (no contention), so the discount for
    load is zero whatever else runs on the machine while this test does."""
    (tmp_path / "test_slow.py").write_text(SLOW_TESTS, encoding="utf-8")
    (tmp_path / "pytest.ini").write_text("[pytest]\nmarkers =\n    e2e: end to end\n", encoding="utf-8")
    pressure = tmp_path / "pressure"
    pressure.write_text("some avg10=0.00 avg60=0.00 avg300=0.00 total=5000000\n", encoding="utf-8")
    times = tmp_path / "times.jsonl"
    env = {**os.environ, "BENYFITS_CPU_PRESSURE": str(pressure), "BENYFITS_TEST_TIMES": str(times),
           "PYTHONPATH": str(ROOT)}
    r = subprocess.run([sys.executable, "-m", "pytest", "-p", "tests.budget", "-p", "no:cacheprovider", "-q",
                        "-o", "test_budget_s=1", "--rootdir", str(tmp_path), "-c", str(tmp_path / "pytest.ini"),
                        *xdist, str(tmp_path / "test_slow.py")],
                       cwd=tmp_path, env=env, capture_output=True, text=True, timeout=240)
    out = r.stdout
    assert r.returncode == 1, out + r.stderr
    assert "2 failed, 2 passed, 1 error" in out.splitlines()[-1], out  # a slow setup is an error
    for name, phase in (("test_slow", "call"), ("test_slow_setup", "setup")):
        assert (f"test_slow.py::{name}: the {phase} took ") in out, out
    assert "over the 1 s budget of one test: make it faster, or mark it @pytest.mark.e2e" in out
    assert "test_slow_but_end_to_end: the" not in out
    assert "its own failure" in out  # a test failing anyway keeps its own failure
    rows = [json.loads(line) for line in times.read_text(encoding="utf-8").splitlines()]
    # each phase of each test once (from the controller alone under xdist); the failed setup has no call
    assert len(rows) == 5 * 3 - 1
    slow = {(x["test"].split("::")[1], x["when"]): x for x in rows}
    assert slow[("test_slow", "call")]["uncontended_s"] >= 1.5 and slow[("test_slow", "call")]["outcome"] == "failed"
    assert slow[("test_slow_but_end_to_end", "call")]["outcome"] == "passed"
    assert slow[("test_fast", "call")]["wall_s"] < 1


def test_time_the_machine_was_contended_is_not_counted():
    """Wall minus the pressure-stall time: a lower bound of the quiet duration."""
    start = (budget.Clock(wall=100.0, stalled=10.0, cpu=5.0), {(7, 1): 2.0})
    loaded = (budget.Clock(wall=190.0, stalled=50.0, cpu=40.0), {(7, 1): 12.0, (9, 3): 4.0})
    p = budget.phase(start, loaded)
    assert (p.wall_s, p.uncontended_s, p.cpu_s) == (90.0, 50.0, 35.0 + 10.0 + 4.0)
    assert not budget.over_budget(p, 60.0)  # 90 s on the wall clock, but 40 of them contended
    quiet = (budget.Clock(wall=161.0, stalled=10.0, cpu=60.0), {})
    assert budget.over_budget(budget.phase(start, quiet), 60.0)
    unreported = (budget.Clock(wall=100.0, stalled=None, cpu=0.0), {})
    assert budget.phase(unreported, (budget.Clock(161.0, None, 0.0), {})).uncontended_s == 61.0


def test_pressure_file_is_read_in_seconds(tmp_path):
    f = tmp_path / "cpu"
    f.write_text("some avg10=1.00 avg60=2.00 avg300=3.00 total=2500000\nfull avg10=0 avg60=0 avg300=0 total=7\n")
    assert budget.stalled_seconds(f) == 2.5
    assert budget.stalled_seconds(tmp_path / "absent") is None


def test_cpu_of_child_processes_counts():
    """A child that burns CPU and is reaped counts towards the phase's CPU seconds."""
    start = budget.read_clock()
    subprocess.run([sys.executable, "-c", "import time\nt = time.process_time()\nwhile time.process_time() - t < 0.5: pass"],
                   check=True)
    assert budget.phase(start, budget.read_clock()).cpu_s >= 0.45


def test_the_heavy_markers_are_end_to_end_and_the_rest_is_held_to_the_budget():
    """model, dvc, ray and browser imply e2e (tests/conftest.py); an unmarked test does not get it."""
    files = ["tests/pipeline/test_data_version.py", "tests/truth/test_explain_plain.py",
             "tests/leaderboard/test_plain_everywhere.py"]
    r = subprocess.run([sys.executable, "-m", "pytest", "-p", "no:cacheprovider", "--collect-only", "-q", "-n", "0",
                        "-m", "e2e", *files], cwd=ROOT, capture_output=True, text=True, timeout=300)
    chosen = {line for line in r.stdout.splitlines() if "::" in line}
    assert r.returncode == 0, r.stdout + r.stderr
    assert ("tests/leaderboard/test_plain_everywhere.py::"
            "test_every_rendered_explanation_of_every_published_pair_is_plain") in chosen  # marked e2e by hand
    assert any(c.startswith("tests/pipeline/test_data_version.py::") for c in chosen)  # marked dvc
    assert not any("renders_in_plain_words[" in c for c in chosen), chosen  # 20-40 s: held to the budget
