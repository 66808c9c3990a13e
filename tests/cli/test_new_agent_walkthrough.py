"""Issue 26: a new user's walkthrough, following docs/writing-an-agent.md literally in a fresh
project folder: scaffold (`benyfits new-agent`), the scaffold's own test, evaluate (a development
run in results/local.duckdb), view and export-run (RUN_ID = the id evaluate printed), submit (smoke dialog, queued), worker (ranked run in the board's
store). The commands run are the ones the guide shows (read from its code blocks), so the guide
cannot drift from what works. No model: the shipped grounded simulator calls none."""
from __future__ import annotations

import json
import os
import re
import shlex
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from eligibench.results import ResultStore

ROOT = Path(__file__).resolve().parents[2]
GUIDE = ROOT / "docs" / "writing-an-agent.md"


def guide_commands() -> list[str]:
    """The `benyfits ...` / `python -m pytest ...` lines of the guide's walkthrough blocks, in order."""
    text = GUIDE.read_text(encoding="utf-8")
    walkthrough = text.split("## Walkthrough", 1)[1].split("\n## ", 1)[0]
    lines = []
    for block in re.findall(r"```sh\n(.*?)```", walkthrough, flags=re.S):
        lines += [ln.split("  #")[0].strip() for ln in block.splitlines() if ln.strip() and not ln.startswith("#")]
    return lines


def run(line: str, cwd: Path) -> subprocess.CompletedProcess:
    argv = shlex.split(line)
    if argv[0] == "benyfits":
        argv = [sys.executable, "-m", "eligibench.cli", *argv[1:]]
    elif argv[:3] == ["python", "-m", "pytest"]:
        argv = [sys.executable, *argv[1:], "-p", "no:cacheprovider"]
    return subprocess.run(argv, capture_output=True, text=True, cwd=cwd, timeout=300,
                          env={**os.environ, "PYTHONPATH": str(ROOT)})


@pytest.fixture
def fresh_project(tmp_path) -> Path:
    from tests.leaderboard.synthetic import make_dataset

    proj = tmp_path / "project"
    make_dataset(proj / "benyfits", n_diverse=3, n_representative=2)
    shutil.copy(ROOT / "params.yaml", proj / "params.yaml")
    return proj


@pytest.mark.needs_bwrap
def test_the_guide_walkthrough_works_as_written(fresh_project):
    commands = guide_commands()
    verbs = [c.split()[1] if c.startswith("benyfits") else "pytest" for c in commands]
    assert verbs[:1] == ["new-agent"] and {"pytest", "evaluate", "view", "export-run", "submit", "worker"} <= set(verbs), commands
    outputs, run_id = {}, None
    for line in commands:
        if "RUN_ID" in line:
            assert run_id, f"{line}: the guide uses RUN_ID before an evaluate printed one"
            line = line.replace("RUN_ID", run_id[:8])
        r = run(line, fresh_project)
        found = re.search(r"\| run ([0-9a-f]{16}) in ", r.stdout)
        run_id = found.group(1) if found else run_id
        assert r.returncode == 0, (line, r.stdout[-2000:], r.stderr[-2000:])
        outputs[line] = r.stdout + r.stderr
    evaluate = next(o for c, o in outputs.items() if " evaluate " in f" {c} ")
    assert "TW-F1" in evaluate and "results/local.duckdb" in evaluate and "agent_error" not in evaluate
    view = next(o for c, o in outputs.items() if c.startswith("benyfits view"))
    assert "predictions vs truth" in view and "Q1 " in view and "A1 " in view and "local.duckdb" in view.replace("\n", "")
    exported = json.loads((fresh_project / "my-run.json").read_text())
    assert exported["run"]["run_id"] == run_id and exported["run"]["submission"] == "my-agent"
    assert exported["dialogs"] and {"turns", "predictions", "labels", "termination"} <= set(exported["dialogs"][0])
    board = ResultStore(fresh_project / "results" / "benyfits.duckdb")
    runs = board.runs()
    assert [r["submission"] for r in runs] == ["my-agent"] and runs[0]["status"] == "done"
    local = ResultStore(fresh_project / "results" / "local.duckdb").runs()
    assert [r["submission"] for r in local] == ["my-agent"]  # the development run stayed local


def test_new_agent_refuses_bad_names_and_existing_folders(tmp_path):
    r = run("benyfits new-agent My.Agent", tmp_path)
    assert r.returncode == 2 and "lowercase letters" in r.stderr
    assert run("benyfits new-agent ok", tmp_path).returncode == 0
    r = run("benyfits new-agent ok", tmp_path)
    assert r.returncode == 2 and "already exists" in r.stderr
