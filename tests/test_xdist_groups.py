"""The suite's two chains hold: tests the conftest puts in one xdist group run on one worker.

tests/conftest.py gives every test that runs a model server the group "model" and every other heavy
test the group "heavy", so one model server runs at a time and a module's built project is built once.
With pytest 9.2 and pytest-xdist 3.8, `--dist loadgroup` silently grouped nothing (xdist writes the
group into a node id field pytest 9.2 no longer reads): both workers started a model server and both
built test_pipeline_bare's project, side by side. Nothing failed; the suite just took longer. This
test runs a small suite the way the real one runs (the project's pytest settings, a group added by a
collection hook as the conftest adds it) and asserts where each test ran. Every other test is grouped
by its module, and the chains are handed out first: the second test runs the project's own hook and
options on a small suite."""
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


MODULE_TESTS = '''
import os
import pytest

@pytest.fixture(scope="module")
def built():
    with open("setups.txt", "a") as f:
        f.write(f"{__name__} {os.environ['PYTEST_XDIST_WORKER']}\\n")

@pytest.mark.parametrize("i", range(8))
def test_uses_the_build(built, i):
    with open("order.txt", "a") as f:
        f.write(f"{__name__} {os.environ['PYTEST_XDIST_WORKER']}\\n")
'''

HEAVY_TESTS = '''
import os
import pytest

@pytest.mark.dvc
def test_a_pipeline():
    with open("order.txt", "a") as f:
        f.write(f"{__name__} {os.environ['PYTEST_XDIST_WORKER']}\\n")
'''


def test_the_projects_grouping_sets_up_a_modules_fixtures_once_and_starts_the_chains_first(tmp_path: Path) -> None:
    """The project's own collection hook and pytest options (tests/conftest.py, pyproject.toml), on
    a small suite: each module's module-scoped fixture is set up once (its tests stay on one worker),
    and the heavy chain, though collected last, is the first test its worker runs."""
    import tomllib

    root = Path(__file__).resolve().parents[1]
    ini = tomllib.loads((root / "pyproject.toml").read_text())["tool"]["pytest"]["ini_options"]
    markers = "".join(f"\n    {m}" for m in ini["markers"])
    (tmp_path / "conftest.py").write_text("from tests.conftest import pytest_collection_modifyitems  # noqa: F401\n")
    for name in ("test_a", "test_b", "test_c"):
        (tmp_path / f"{name}.py").write_text(MODULE_TESTS)
    (tmp_path / "test_z_heavy.py").write_text(HEAVY_TESTS)
    (tmp_path / "pytest.ini").write_text(f"[pytest]\naddopts = {ini['addopts'].replace('-n auto', '-n 2')}\nmarkers ={markers}\n")
    env = {k: v for k, v in os.environ.items() if not k.startswith(("PYTEST_", "BENYFITS_TEST_TIMES"))}
    env["PYTHONPATH"] = str(root)
    r = subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "-W", "ignore::pytest.PytestUnknownMarkWarning"],
                       cwd=tmp_path, env=env, capture_output=True, text=True, timeout=120)
    assert r.returncode == 0, r.stdout[-2000:] + r.stderr[-2000:]
    setups = (tmp_path / "setups.txt").read_text().split()[::2]
    assert sorted(setups) == ["test_a", "test_b", "test_c"], f"module fixtures set up per worker, not per module: {setups}"
    order = [line.split() for line in (tmp_path / "order.txt").read_text().splitlines()]
    assert len(order) == 25
    heavy_worker = next(w for name, w in order if name == "test_z_heavy")
    assert next(name for name, w in order if w == heavy_worker) == "test_z_heavy", order
