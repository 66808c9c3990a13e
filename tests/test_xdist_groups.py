"""The suite's two chains hold: tests the conftest puts in one xdist group run on one worker.

tests/conftest.py gives every test that runs a model server the group "model" and every other heavy
test the group "heavy", so one model server runs at a time and a module's built project is built once.
With pytest 9.2 and pytest-xdist 3.8, `--dist loadgroup` silently grouped nothing (xdist writes the
group into a node id field pytest 9.2 no longer reads): both workers started a model server and both
built test_pipeline_bare's project, side by side. Nothing failed; the suite just took longer. This
test runs a small suite the way the real one runs (the project's pytest settings, a group added by a
collection hook as the conftest adds it) and asserts where each test ran."""
from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

CONFTEST = '''
import pytest

@pytest.hookimpl(tryfirst=True)
def pytest_collection_modifyitems(items):
    for item in items:
        if item.get_closest_marker("model"):
            item.add_marker(pytest.mark.xdist_group("model"))
'''

TESTS = '''
import os
import pytest

def _where(name):
    with open("where.txt", "a") as f:
        f.write(f"{name} {os.environ['PYTEST_XDIST_WORKER']}\\n")

@pytest.mark.model
@pytest.mark.parametrize("i", range(6))
def test_grouped(i):
    _where(f"grouped{i}")

@pytest.mark.parametrize("i", range(6))
def test_free(i):
    _where(f"free{i}")
'''


def test_a_group_added_at_collection_runs_on_one_worker(tmp_path: Path) -> None:
    (tmp_path / "conftest.py").write_text(CONFTEST)
    (tmp_path / "test_groups.py").write_text(TESTS)
    (tmp_path / "pytest.ini").write_text("[pytest]\nmarkers =\n    model: grouped\n")
    env = {k: v for k, v in os.environ.items() if not k.startswith(("PYTEST_", "BENYFITS_TEST_TIMES"))}
    r = subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "-n", "2",
                        "--dist", "loadgroup"], cwd=tmp_path, env=env, capture_output=True, text=True, timeout=120)
    assert r.returncode == 0, r.stdout[-2000:] + r.stderr[-2000:]
    rows = [line.split() for line in (tmp_path / "where.txt").read_text().splitlines()]
    grouped = {worker for name, worker in rows if name.startswith("grouped")}
    assert len([n for n, _ in rows]) == 12
    assert len(grouped) == 1, f"the group ran on {sorted(grouped)}: --dist loadgroup is not grouping (pytest/xdist versions?)"
