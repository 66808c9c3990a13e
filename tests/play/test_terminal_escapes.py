"""Issue 36 item 7: an agent's terminal escapes never reach a person's terminal.

The TerminalEscapes hostile agent (tests/evaluation/hostile_terminal) asks a question carrying an
OSC 52 clipboard write, a title change, screen clears (ESC [ and the 8-bit C1 CSI), a carriage
return and a bell. `benyfits play --as user` runs it in the jail under a real pseudo-terminal
(pexpect) and `benyfits view` prints the stored run: neither output holds any of those sequences,
and both show them as visible `\\xNN` text."""
from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from eligibench.results import ResultStore
from eligibench.terminal import safe

pexpect = pytest.importorskip("pexpect", reason="pexpect is in the test extras (pip install -e '.[test]')")
ROOT = Path(__file__).resolve().parents[2]
RAW = ("\x1b]52;c;cHduZWQ=", "\x1b]0;owned-title", "\x1b[2J", "\x9b", "\rOVERWRITTEN")


def test_safe_shows_controls_and_keeps_newline_and_tab():
    assert safe("a\tb\nc") == "a\tb\nc"
    assert safe("\x1b]52;c;eA==\x07") == "\\x1b]52;c;eA==\\x07"
    assert safe("x\x9b2J\x7f\x00\r") == "x\\x9b2J\\x7f\\x00\\x0d"
    assert safe(None) == "" and safe("é ünïcode ✓") == "é ünïcode ✓"


@pytest.mark.needs_bwrap  # a submission that is not a shipped reference runs only in the jail
def test_play_as_user_and_view_neutralise_an_agents_escapes(project):
    agent = project / "hostile-terminal"
    shutil.copytree(ROOT / "tests" / "evaluation" / "hostile_terminal", agent,
                    ignore=shutil.ignore_patterns("__pycache__"))
    env = dict(os.environ, PYTHONPATH=str(ROOT), PROMPT_TOOLKIT_NO_CPR="1", TERM="xterm")
    c = pexpect.spawn(sys.executable, ["-m", "eligibench.cli", "play", "--as", "user", "--participant", "eve",
                                       "--submission", str(agent), "--row", "representative-0000"],
                      env=env, cwd=str(project), encoding="utf-8", codec_errors="replace", timeout=120,
                      dimensions=(40, 160))
    c.expect(r"agent: How old are you\?")
    c.expect("you \\(household\\) >")
    shown = c.before
    c.sendline("I am 40.")
    c.expect("Result:")
    c.expect(pexpect.EOF)
    seen = shown + c.before
    for raw in RAW:
        assert raw not in seen, (raw, seen[-400:])
    assert "\\x1b]52;c;cHduZWQ=\\x07" in shown and "\\x0dOVERWRITTEN" in shown  # shown, not acted on

    store = ResultStore(project / "results" / "benyfits.duckdb")
    (run,) = [r for r in store.runs() if r["status"] == "human"]
    (res,) = store.dialog_results(run["run_id"])
    assert "\x1b]52" in res.turns[0].question  # the store keeps what was sent; only display is neutralised
    out = subprocess.run([sys.executable, "-m", "eligibench.cli", "view", run["run_id"], "--store", str(store.path)],
                         capture_output=True, text=True, cwd=project, timeout=120,
                         env=dict(os.environ, PYTHONPATH=str(ROOT)))
    assert out.returncode == 0, out.stderr[-800:]
    assert "\x1b" not in out.stdout and "\x9b" not in out.stdout and "\x07" not in out.stdout
    assert "\\x1b]0;owned-title" in out.stdout


def test_the_workers_log_line_neutralises_a_quoted_agent_error(capsys):
    from eligibench.evaluation.intake.queue_worker import process_one, say

    assert process_one.__defaults__[0] is say  # the worker's default log is the safe one
    say("worker: queue entry 3 (x) failed: predict: ValueError: \x1b]52;c;cHduZWQ=\x07")
    out = capsys.readouterr().out
    assert "\x1b" not in out and "\x07" not in out and "\\x1b]52;c;cHduZWQ=\\x07" in out
