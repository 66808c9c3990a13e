"""Issue 36: after `benyfits submit my-agent`, the development folder `my-agent/` still evaluates, as a
development run in results/local.duckdb that names the command for the submission itself; into the
board's store it is refused with that command. Real CLI, real jailed agent, a tiny synthetic project."""
from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from eligibench.results import ResultStore

ROOT = Path(__file__).resolve().parents[2]


def _cli(cwd: Path, *args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "eligibench.cli", *args], capture_output=True, text=True, cwd=cwd,
                          timeout=300, env={**os.environ, "PYTHONPATH": str(ROOT)})


@pytest.fixture
def project(tmp_path) -> Path:
    from tests.leaderboard.synthetic import make_dataset

    proj = tmp_path / "project"
    make_dataset(proj / "benyfits", n_diverse=3, n_representative=2)
    shutil.copy(ROOT / "params.yaml", proj / "params.yaml")
    r = _cli(proj, "new-agent", "my-agent")
    assert r.returncode == 0, r.stderr
    # what `benyfits submit my-agent` installs: the same code under submissions/ (submit itself is
    # tested in tests/leaderboard/test_lb_submit.py; here only the name being taken matters)
    shutil.copytree(proj / "my-agent", proj / "submissions" / "my-agent")
    return proj


@pytest.mark.needs_bwrap
def test_a_development_folder_whose_name_is_submitted_runs_as_a_development_run(project):
    (project / "my-agent" / "NOTES.txt").write_text("a change after submitting\n")  # the code moved on
    r = _cli(project, "evaluate", "my-agent", "--households", "1", "--max-questions", "2")
    assert r.returncode == 0, r.stderr[-2000:]
    assert "development run of my-agent: a submission named 'my-agent' exists" in r.stderr
    assert "`benyfits evaluate submissions/my-agent`" in r.stderr
    local = ResultStore(project / "results" / "local.duckdb").runs()
    assert [x["submission"] for x in local] == ["my-agent"]
    assert not (project / "results" / "benyfits.duckdb").exists()  # nothing reached the board's store


def test_into_the_boards_store_it_is_refused_with_the_command_to_use(project):
    r = _cli(project, "evaluate", "my-agent", "--store", "results/benyfits.duckdb")
    lines = r.stderr.strip().splitlines()
    assert r.returncode == 2 and len(lines) == 1 and "Traceback" not in r.stderr, r.stderr
    assert "this folder is not it" in lines[0] and "`benyfits evaluate submissions/my-agent`" in lines[0]
    assert "Drop --store for a development run" in lines[0]
    assert not (project / "results" / "benyfits.duckdb").exists()
