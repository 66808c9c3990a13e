"""Issue 24: a submission that cannot load is refused before it runs, a failed init never leaves
a reused worker behind, and a forged extra reply line cannot desynchronise the next dialog
(the real jailed worker; hostile agents in tests/evaluation/hostile/)."""
from __future__ import annotations

import os
import shutil
import subprocess
import sys
import time
from pathlib import Path

import pytest

from eligibench.evaluation.hosting import ProcessAgent
from eligibench.evaluation.run import run_dialog
from eligibench.evaluation.user import SimulatedUser
from eligibench.results.records import AGENT_ERROR
from tests.evaluation.doubles import ExtractiveUserModel
from tests.evaluation.test_agent_isolation import BRIEFS, HOSTILE, PROFILE, project  # noqa: F401 - fixture

ROOT = Path(__file__).resolve().parents[2]
pytestmark = pytest.mark.needs_bwrap


def _cli(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "eligibench.cli", *args], capture_output=True, text=True, cwd=ROOT,
                          timeout=180, env={**os.environ, "PYTHONPATH": str(ROOT)})


def _submission(tmp_path: Path, entry: str) -> Path:
    folder = tmp_path / "sub"
    shutil.copytree(HOSTILE, folder, ignore=shutil.ignore_patterns("__pycache__"))
    (folder / "manifest.yaml").write_text(f"name: loading-{entry.split(':')[1].lower()}\nstrategy: test\n"
                                          f"authors: [Tester]\nentry_point: {entry}\nmodels: {{}}\nlicense: MIT\n")
    return folder


@pytest.mark.parametrize("entry, expect", [
    ("raises_on_import:Fine", "ImportError: import-failed-on-purpose"),
    ("agent:NotAnAgent", "NotAnAgent is not a subclass of eligibench.evaluation.hosting.Agent"),
    ("agent:FailingInit", "RuntimeError: init-failed-on-purpose"),
])
@pytest.mark.parametrize("command", ["validate", "submit"])
def test_a_submission_that_cannot_load_is_refused(tmp_path, entry, expect, command):
    folder = _submission(tmp_path, entry)
    if command == "validate":
        r = _cli("validate", "--submission", str(folder))
    else:
        r = _cli("submit", str(folder), "--no-smoke", "--submissions", str(tmp_path / "submissions"),
                 "--store", str(tmp_path / "r.duckdb"))
        assert not (tmp_path / "submissions").exists() or not any((tmp_path / "submissions").iterdir())
    lines = r.stderr.strip().splitlines()
    assert r.returncode == 2 and "Traceback" not in r.stderr, r.stderr[-2000:]
    assert len(lines) == 1 and lines[0].startswith(f"benyfits: error: {folder / 'manifest.yaml'}: field 'entry_point'")
    assert expect in lines[0], lines[0]


def _dialogs(project, cls: str, n: int, pause_s: float = 0.0):  # noqa: F811
    agent = ProcessAgent(project / "submissions" / "hostile", f"agent:{cls}", {}, 0, {}, cwd=project, call_timeout_s=30)
    out = []
    try:
        for i in range(n):
            out.append(run_dialog(agent, SimulatedUser(ExtractiveUserModel(), PROFILE), BRIEFS, {"A": True, "B": False},
                                  f"h{i}", "diverse"))
            time.sleep(pause_s)  # the forged line is in the pipe before the next dialog starts
        return out
    finally:
        agent.close()


def test_a_failed_init_is_never_reused(project):  # noqa: F811
    results = _dialogs(project, "FailingInit", 2)
    for r in results:
        assert r.termination == AGENT_ERROR and "init-failed-on-purpose" in r.error, r.error
        assert "NoneType" not in r.error


def test_a_forged_extra_reply_line_does_not_break_the_next_dialog(project):  # noqa: F811
    results = _dialogs(project, "ForgedReply", 3, pause_s=0.6)
    assert [r.termination for r in results] == ["ready"] * 3, [r.error for r in results]
    assert all(r.turns[0].question == "How old are you?" for r in results)
