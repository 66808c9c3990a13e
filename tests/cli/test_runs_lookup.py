"""One way to find runs: `benyfits runs` lists both stores (the board's and results/local.duckdb);
every command taking a run id finds a run of either store by a unique prefix, and every lookup
error is one line naming `benyfits runs`; an export into a folder that cannot be written is one line."""
from __future__ import annotations

from pathlib import Path

import pytest

from eligibench.cli.main import main
from eligibench.results import ResultStore
from tests.leaderboard.synthetic import fake_households, write_run

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def project(tmp_path_factory):
    """A project folder with a board store (one run) and a development store (another)."""
    proj = tmp_path_factory.mktemp("proj")
    (proj / "params.yaml").write_text("evaluate:\n  store: results/benyfits.duckdb\n")
    (proj / "results").mkdir()
    hh = fake_households(6, 4)
    board = write_run(ResultStore(proj / "results" / "benyfits.duckdb"), hh, "board-agent", n_boot=5)
    dev = write_run(ResultStore(proj / "results" / "local.duckdb"), hh, "my-agent", n_boot=5, kind="smoke")
    return proj, board, dev


def _one_line_error(capsys) -> str:
    err = capsys.readouterr().err.strip()
    assert len(err.splitlines()) == 1 and "Traceback" not in err, err
    return err


def test_runs_lists_both_stores_with_short_ids(project, capsys, monkeypatch):
    proj, board, dev = project
    monkeypatch.chdir(proj)
    assert main(["runs"]) == 0
    out = capsys.readouterr().out
    assert "1 run(s) in results/benyfits.duckdb:" in out and "1 run(s) in results/local.duckdb:" in out
    lines = {ln.split()[0]: ln for ln in out.splitlines() if ln.startswith("  ")}
    assert set(lines) == {board[:12], dev[:12]}
    assert "board-agent" in lines[board[:12]] and "full" in lines[board[:12]] and "done" in lines[board[:12]]
    assert "my-agent" in lines[dev[:12]] and "smoke" in lines[dev[:12]] and " F1 " in lines[dev[:12]]


def test_a_prefix_finds_a_run_of_either_store(project, capsys, monkeypatch):
    proj, board, dev = project
    monkeypatch.chdir(proj)
    for run_id in (board, dev):
        assert main(["export-run", run_id[:6]]) == 0
        assert f'"run_id": "{run_id}"' in capsys.readouterr().out
    assert main(["cost", dev[:6]]) == 0 and dev[:12] in capsys.readouterr().out


@pytest.mark.parametrize("argv", [
    ["view", "zzzz"], ["export-run", "zzzz"], ["compare", "zzzz", "zzzz"], ["cost", "zzzz"], ["regrade", "zzzz"],
    ["export-trajectories", "zzzz", "--format", "sft", "--out", "out"],
    ["export-trajectories", "", "--format", "sft", "--out", "out"],  # a prefix of every run: ambiguous
])
def test_an_unknown_or_ambiguous_id_is_one_line_naming_benyfits_runs(project, capsys, monkeypatch, argv):
    proj, _, _ = project
    monkeypatch.chdir(proj)
    assert main(argv) == 2
    err = _one_line_error(capsys)
    assert "`benyfits runs` lists the runs" in err and "benyfits view lists" not in err
    assert not (proj / "out").exists()


@pytest.mark.needs_datasets  # the requirement texts the export reads
def test_export_trajectories_finds_a_development_run_by_prefix(project, capsys, monkeypatch, tmp_path):
    proj, _, dev = project
    if not (proj / "benyfits").exists():
        (proj / "benyfits").symlink_to(ROOT / "benyfits")  # the requirement texts the export reads
    monkeypatch.chdir(proj)
    out = tmp_path / "sft"
    assert main(["export-trajectories", dev[:6], "--format", "sft", "--out", str(out), "--threshold", "0",
                 "--i-know-this-is-test-data"]) == 0
    assert (out / "data" / "train.parquet").is_file()


@pytest.mark.parametrize("command", ["export-results",
                                     pytest.param("export-trajectories", marks=pytest.mark.needs_datasets)])
@pytest.mark.parametrize("where", ["params.yaml/x", "/proc/benyfits-nope"])
def test_an_unwritable_export_folder_is_one_line(project, capsys, monkeypatch, command, where):
    proj, board, _ = project
    monkeypatch.chdir(proj)
    argv = ["export-results", where, "--repo-id", ""] if command == "export-results" else \
        ["export-trajectories", board[:6], "--format", "sft", "--out", where, "--threshold", "0",
         "--i-know-this-is-test-data", "--project", str(ROOT), "--store", str(proj / "results" / "benyfits.duckdb")]
    assert main(argv) == 2
    assert where in _one_line_error(capsys)
