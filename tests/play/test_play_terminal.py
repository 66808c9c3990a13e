"""`benyfits play` driven end to end under a real pseudo-terminal (pexpect), in both roles: the
dialogs land in the results store as human runs, Ctrl-C keeps a draft and a second run resumes it."""
from __future__ import annotations

import os
import sys
from pathlib import Path

import pytest

from eligibench.results import ResultStore

pexpect = pytest.importorskip("pexpect", reason="pexpect is in the test extras (pip install -e '.[test]')")
ROOT = Path(__file__).resolve().parents[2]


def _spawn(project: Path, *args: str):
    env = dict(os.environ, PYTHONPATH=str(ROOT), PROMPT_TOOLKIT_NO_CPR="1", TERM="xterm")
    return pexpect.spawn(sys.executable, ["-m", "eligibench.cli", "play", *args], env=env, cwd=str(project),
                         encoding="utf-8", timeout=90, dimensions=(40, 160))


def _human_runs(project: Path):
    store = ResultStore(project / "results" / "benyfits.duckdb")
    return store, [r for r in store.runs() if r["status"] == "human"]


def test_play_as_agent_ctrl_c_saves_and_resume_finishes(project):
    c = _spawn(project, "--as", "agent", "--participant", "alice", "--row", "diverse-0000")
    c.expect("questions left")
    c.sendline("How old are you?")
    c.expect("household: ")  # the grounded simulator's answer is shown
    c.expect("questions left")
    c.send("\x1bOQ")  # F2: the requirement texts, one key away
    c.expect("== ")
    c.sendintr()  # Ctrl-C: saved, quit
    c.expect("Saved. Run the same command again to resume.")
    c.expect(pexpect.EOF)
    store, runs = _human_runs(project)
    assert len(runs) == 1 and runs[0]["n_dialogs"] == 0  # nothing scored yet, but a draft kept

    c = _spawn(project, "--as", "agent", "--participant", "alice", "--row", "diverse-0000")
    c.expect("resuming: replaying 1 earlier line")
    c.expect("questions left")
    c.sendline("/ready")
    decisions = 0
    while c.expect([r"\[y/n\] >", "Result:"]) == 0:
        c.sendline("y")
        decisions += 1
    c.expect(pexpect.EOF)
    store, runs = _human_runs(project)
    assert len(runs) == 1 and runs[0]["submission"] == "human"
    assert runs[0]["protocol"]["kind"] == "human" and runs[0]["extra"]["participant"].startswith("p-")
    assert "alice" not in str(runs[0])  # pseudonymous: the name never reaches the store
    assert runs[0]["isolation"] == "none (a person played the agent)"  # no agent code ran: nothing to jail, even without bwrap
    (res,) = store.dialog_results(runs[0]["run_id"])
    assert [t.question for t in res.turns] == ["How old are you?"]  # the replayed question, once
    assert decisions >= len(res.labels) and res.predictions == {o: True for o in res.labels}
    assert res.wall_s > 0


@pytest.mark.needs_bwrap  # the agent is submissions/random through the fixture's symlink: not a shipped reference
def test_play_as_user_answers_random_agent_and_sees_verdicts(project):
    c = _spawn(project, "--as", "user", "--participant", "bob", "--submission", "submissions/random",
               "--row", "representative-0000", "--study")
    c.expect("== Your household ==")  # the profile beside
    c.expect("Result:")  # random asks nothing: straight to its predictions and the checker's verdicts
    c.expect("the agent said you are ")  # the agent's predictions, never "you said"
    c.expect("checker: ")
    for _ in range(6):  # NASA-TLX
        c.expect(r"\?? >")
        c.sendline("50")
    # issue 36: the session's figures in words, not a JSON dump
    c.expect(r"Your session \(playing the user\), stored as human run ")
    c.expect("accuracy: ")
    c.expect(pexpect.EOF)
    assert "{" not in c.before and "metrics" not in c.before
    store, runs = _human_runs(project)
    (run,) = runs
    assert run["submission"] == "random" and run["simulator"].startswith("human user p-")
    assert run["protocol"]["kind"] == "human" and run["n_dialogs"] == 1
    out = project / "tlx.csv"
    e = _spawn(project, "--export-tlx", str(out))
    e.expect(pexpect.EOF)
    lines = out.read_text().splitlines()
    assert len(lines) == 2 and lines[1].endswith("50,50,50,50,50,50")
