"""`benyfits leaderboard` refuses what it cannot serve in one line and takes `--port 0` as its
error message says ("0: any free port"): Gradio given port 0 checked http://127.0.0.1:0 after
starting and stopped with two tracebacks (82 lines); a --store that is a text file started a board
of nothing."""
from __future__ import annotations

import argparse

import pytest

from eligibench.cli import main
from eligibench.results import ResultStore
from leaderboard import app
from leaderboard.args import add_arguments


def _args(*argv: str) -> argparse.Namespace:
    p = argparse.ArgumentParser()
    add_arguments(p)
    return p.parse_args(list(argv))


def test_port_zero_launches_on_a_free_port(tmp_path, monkeypatch, capsys):
    store = ResultStore(tmp_path / "r.duckdb")
    store.migrate()
    launched = {}
    monkeypatch.setattr(app, "launch", lambda config, host, port, block: launched.update(host=host, port=port))
    assert app.main_from_args(_args("--store", str(store.path), "--port", "0")) == 0
    assert 1024 <= launched["port"] <= 65535, launched
    assert f"http://127.0.0.1:{launched['port']}" in capsys.readouterr().out  # the URL it really serves on


@pytest.mark.parametrize("what", ["text", "folder"])
def test_a_store_that_is_not_duckdb_is_one_line(tmp_path, capsys, what):
    bad = tmp_path / "notes.duckdb"
    if what == "text":
        bad.write_text("my notes\n")
    else:
        bad.mkdir()
    assert main(["leaderboard", "--store", str(bad), "--port", "0"]) == 2
    err = capsys.readouterr().err.strip()
    assert len(err.splitlines()) == 1 and "Traceback" not in err and str(bad) in err, err
    assert ("not a DuckDB results file" if what == "text" else "is a folder") in err


def test_python_m_leaderboard_says_it_in_one_line_too(tmp_path):
    import subprocess
    import sys
    from pathlib import Path

    bad = tmp_path / "notes.duckdb"
    bad.write_text("my notes\n")
    r = subprocess.run([sys.executable, "-m", "leaderboard", "--store", str(bad), "--port", "0"], capture_output=True,
                       text=True, timeout=120, cwd=Path(__file__).resolve().parents[2])
    assert r.returncode == 2 and "Traceback" not in r.stderr, r.stderr[-800:]
    assert r.stderr.strip() == f"python -m leaderboard: error: {bad}: not a DuckDB results file (give --store a .duckdb " \
                               "file a benyfits command wrote, or a new path)"
