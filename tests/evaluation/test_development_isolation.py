"""Your own agent without bubblewrap: `benyfits new-agent` then `benyfits evaluate FOLDER` of a folder
that is not a submission runs it unjailed, says so in one line, records `none (development)` in the
local store (never the board's); a submission folder, a folder named like a submission, a
development run sent to the board's store, `submit` and the worker still require the jail, and
their refusals name the install command and the A2A route. Real subprocesses in a small git
checkout, bubblewrap made invisible with BENYFITS_BWRAP (tests/evaluation/reference_project.py)."""
from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from eligibench import jail, system
from eligibench.evaluation.hosting import isolation
from eligibench.results.store import ResultStore
from tests.evaluation.reference_project import NO_BWRAP, make_reference_project, run

UNJAILED_LINE = "without the jail: bubblewrap is not installed and this is your own folder, not a submission"
INSTALL = "apt-get install bubblewrap"
A2A = "examples/a2a_service/serve.py"


@pytest.fixture(scope="module")
def proj(tmp_path_factory) -> Path:
    return make_reference_project(tmp_path_factory.mktemp("dev") / "proj", agents=("random",))


@pytest.fixture(scope="module")
def my_agent(proj, tmp_path_factory) -> Path:
    """`benyfits new-agent my-agent --dir TMP`, as a new user starts (outside the project)."""
    dest = tmp_path_factory.mktemp("mine") / "my-agent"
    r = run(["-m", "eligibench.cli", "new-agent", "my-agent", "--dir", str(dest)], cwd=proj)
    assert r.returncode == 0, r.output
    assert A2A in r.stdout and "--agent-url" in r.stdout, r.stdout  # the next steps name the A2A route
    return dest


def evaluate(proj: Path, folder: Path | str, *extra: str):
    return run(["-m", "eligibench.cli", "evaluate", str(folder), "--households", "1", "--max-questions", "2", *extra],
               cwd=proj)


def assert_refused(r, why: str) -> None:
    assert r.returncode == 2, r.output
    for needed in (INSTALL, A2A, "--agent-url", why):
        assert needed in r.stderr, (needed, r.stderr)
    assert len(r.stderr.strip().splitlines()) == 1 and "Traceback" not in r.output, r.stderr
    assert UNJAILED_LINE not in r.output


def test_your_own_folder_runs_unjailed_says_so_once_and_stays_off_the_board(proj, my_agent):
    r = evaluate(proj, my_agent)
    assert r.returncode == 0, r.output
    assert r.stderr.count(UNJAILED_LINE) == 1 and 'isolation recorded as "none (development)"' in r.stderr, r.stderr
    assert "2 dialogs" in r.stdout and "Traceback" not in r.output, r.output
    runs = ResultStore(proj / "results" / "local.duckdb").runs()
    assert [(x["submission"], x["isolation"]) for x in runs] == [("my-agent", "none (development)")]
    # never ranked: the board reads only its own store, and the development run is not in it
    from leaderboard.queries import StoreSource
    from leaderboard.queries.table import evaluated_rows, ranking

    board = proj / "results" / "benyfits.duckdb"
    if board.exists():
        with StoreSource(board).reader() as reader:
            table = evaluated_rows(reader)
        assert "none (development)" not in set(table["Isolation"]), table
        assert "my-agent" not in set(ranking(table, None)["Submission"])


def test_a_development_run_sent_to_the_boards_store_is_refused(proj, my_agent):
    r = evaluate(proj, my_agent, "--store", "results/benyfits.duckdb")
    assert_refused(r, "its runs would go to the board's store")
    board = proj / "results" / "benyfits.duckdb"
    if board.exists():
        assert not [x for x in ResultStore(board).runs() if x["isolation"] == "none (development)"]


def test_a_submission_folder_is_still_refused_naming_the_install_and_the_a2a_route(proj, my_agent):
    installed = proj / "submissions" / "my-agent"  # what `benyfits submit` or an upload leaves: untracked
    shutil.copytree(my_agent, installed)
    try:
        assert_refused(evaluate(proj, "submissions/my-agent"), "submissions/my-agent is not in the repository")
    finally:
        shutil.rmtree(installed)


def test_a_folder_named_like_a_submission_is_one(proj, tmp_path):
    copy = tmp_path / "elsewhere"
    shutil.copytree(proj / "submissions" / "random", copy)  # manifest name: random, a committed submission
    assert_refused(evaluate(proj, copy), "a submission named 'random' exists")


def test_submit_and_the_worker_still_refuse_naming_the_a2a_route(proj, my_agent):
    for argv in (["submit", str(my_agent)], ["worker"]):
        r = run(["-m", "eligibench.cli", *argv, "--project", str(proj)], cwd=proj)
        assert r.returncode == 2, (argv, r.output)
        assert INSTALL in r.stderr and A2A in r.stderr and "Traceback" not in r.output, (argv, r.stderr)
    assert not (proj / "submissions" / "my-agent").exists()


def test_the_rule_in_process(proj, tmp_path, monkeypatch):
    monkeypatch.setenv("BENYFITS_BWRAP", NO_BWRAP)
    assert system.bwrap_path() is None
    mine = tmp_path / "mine"
    mine.mkdir()
    assert isolation.isolation_for("development", mine, proj) == "none (development)"
    assert isolation.isolation_for("development", proj / "submissions" / "random", proj) == "none (reference agent)"
    with pytest.raises(jail.IsolationUnavailable, match="examples/a2a_service/serve.py"):
        isolation.isolation_for("auto", mine, proj)  # the params' rule: only reference agents unjailed
    with pytest.raises(ValueError, match="isolation policy 'none'"):
        isolation.isolation_for("none", mine, proj)
    assert "none (development)" in isolation.RUNS_UNJAILED
    # with bubblewrap there, your own folder runs in the jail like any other
    fake = tmp_path / "bwrap"
    fake.write_text("#!/bin/sh\n")
    fake.chmod(0o755)
    monkeypatch.setenv("BENYFITS_BWRAP", str(fake))
    assert isolation.isolation_for("development", mine, proj) == "bubblewrap"
