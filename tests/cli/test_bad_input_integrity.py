"""The bad inputs a red team tried that ended in a traceback, an empty store left behind or a
13-line dump: each is now one line on stderr and exit status 2, and leaves nothing behind."""
from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from eligibench.evaluation.hosting import SubmissionError
from eligibench.evaluation.intake import check_smoke
from eligibench.results import AGENT_ERROR, DialogResult, ResultStore

ROOT = Path(__file__).resolve().parents[2]


def _cli(*args: str, cwd: Path = ROOT, env: dict | None = None) -> subprocess.CompletedProcess:
    e = {k: v for k, v in os.environ.items() if not k.startswith("BENYFITS_SEALED")}
    return subprocess.run([sys.executable, "-m", "eligibench.cli", *args], capture_output=True, text=True, cwd=cwd,
                          timeout=180, env={**e, **(env or {})})


def _one_line(r: subprocess.CompletedProcess, *words: str) -> str:
    assert r.returncode == 2, (r.returncode, r.stdout[-400:], r.stderr[-800:])
    assert "Traceback" not in r.stderr and len(r.stderr.strip().splitlines()) == 1, r.stderr[-800:]
    for w in words:
        assert w in r.stderr, (w, r.stderr)
    return r.stderr


@pytest.fixture()
def not_duckdb(tmp_path) -> Path:
    f = tmp_path / "notes.duckdb"
    f.write_text("these are my notes, not a database\n")
    return f


def test_import_inspect_into_a_file_that_is_not_duckdb(tmp_path, not_duckdb):
    log = tmp_path / "some.eval"
    log.write_bytes(b"PK")
    _one_line(_cli("import-inspect", str(log), "--store", str(not_duckdb)), str(not_duckdb), "not a DuckDB results file")
    assert not_duckdb.read_text() == "these are my notes, not a database\n"


@pytest.mark.parametrize("argv", [("view", "somerun"), ("compare", "a", "b"), ("cost",),
                                  ("export-results", "OUT"),
                                  ("export-trajectories", "somerun", "--format", "sft", "--out", "OUT")])
def test_read_commands_on_a_file_that_is_not_duckdb(tmp_path, not_duckdb, argv):
    argv = tuple(str(tmp_path / "out") if a == "OUT" else a for a in argv)
    r = _cli(*argv, "--store", str(not_duckdb))
    assert r.returncode == 2 and "Traceback" not in r.stderr and len(r.stderr.strip().splitlines()) == 1, r.stderr
    assert not (tmp_path / "out").exists()


def test_export_trajectories_out_an_existing_file(tmp_path):
    ResultStore(tmp_path / "r.duckdb").migrate()
    f = tmp_path / "already.txt"
    f.write_text("mine")
    _one_line(_cli("export-trajectories", "x", "--format", "dpo", "--out", str(f), "--store", str(tmp_path / "r.duckdb")),
              str(f), "is a file, expected a folder")
    assert f.read_text() == "mine"


@pytest.mark.parametrize("argv", [
    ("import-inspect", "LOG", "--store", "/proc/nope/r.duckdb"),
    ("import-inspect", "LOG", "--store", "/proc/self/status"),
    ("export-results", "OUT", "--store", "/proc/self/status"),
    ("export-results", "OUT", "--store", "/proc/nope.duckdb"),
    ("view", "somerun", "--store", "/proc/self/status"),
    ("evaluate", "submissions/random", "--store", "/proc/x.duckdb"),
])
def test_a_command_starting_on_an_unusable_store_path(tmp_path, argv):
    log = tmp_path / "a.eval"
    log.write_bytes(b"PK")
    argv = tuple(str(log) if a == "LOG" else str(tmp_path / "out") if a == "OUT" else a for a in argv)
    err = _one_line(_cli(*argv))
    assert "/proc/" in err
    assert not (tmp_path / "out").exists()


def test_a_failing_evaluate_leaves_no_new_empty_store(tmp_path):
    """It fails after the store check (the sealed split needs a secret this test unsets)."""
    store = tmp_path / "new.duckdb"
    r = _cli("evaluate", "submissions/random", "--split", "sealed", "--store", str(store))
    _one_line(r)
    assert not store.exists() and not list(tmp_path.iterdir())


def test_a_failing_import_leaves_no_new_empty_store(tmp_path):
    log = tmp_path / "junk.eval"
    log.write_bytes(b"not a zip at all")
    store = tmp_path / "new" / "r.duckdb"
    _one_line(_cli("import-inspect", str(log), "--store", str(store)), str(log), "not a .eval log")
    assert not store.exists() and not store.parent.exists()


def test_a_failing_import_keeps_an_existing_store(tmp_path):
    s = ResultStore(tmp_path / "r.duckdb")
    s.migrate()
    log = tmp_path / "junk.eval"
    log.write_bytes(b"not a zip at all")
    _one_line(_cli("import-inspect", str(log), "--store", str(s.path)))
    assert s.path.exists()


TRACEBACK = """agent traceback (most recent call last):
  File "/work/my-agent/agent.py", line 40, in ask
    return self.plan()
  File "/work/my-agent/agent.py", line 52, in plan
    raise ValueError("no plan")
ValueError: no plan"""


def test_a_failed_smoke_dialog_is_one_line_naming_the_agents_frame():
    r = DialogResult("diverse-0000", "diverse", 0, (), None, {"A": True, "B": False, "C": True}, AGENT_ERROR,
                     "ask: the agent raised ValueError: no plan\n" + TRACEBACK)
    with pytest.raises(SubmissionError) as e:
        check_smoke([r])
    text = str(e.value)
    assert "\n" not in text and len(text) < 400, text
    assert text == ("smoke dialog failed on household diverse/diverse-0000 (3 opportunities): the agent errored: "
                    "ask: the agent raised ValueError: no plan (at /work/my-agent/agent.py:52)")


def test_validate_and_submit_of_a_bad_folder_are_one_line(tmp_path):
    bad = tmp_path / "bad"
    bad.mkdir()
    (bad / "manifest.yaml").write_text("name: Bad Name\nstrategy: 3\nauthors: []\nentry_point: nope\nfoo: 1\n")
    _one_line(_cli("validate", "--submission", str(bad)), "manifest.yaml")
    r = _cli("submit", str(bad), "--dry-run", "--no-smoke")
    assert r.returncode == 2 and "Traceback" not in r.stderr and len(r.stderr.strip().splitlines()) == 1, r.stderr
