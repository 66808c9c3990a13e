"""`benyfits compare`'s verdict in words (rank ranges, ties, the detectable difference: issue 31) and
the commands that read runs finding development runs in results/local.duckdb without --store (issue 36)."""
from __future__ import annotations

import json
import re

import pytest

from eligibench.cli.main import main
from eligibench.paths import DEFAULT_STORE, LOCAL_STORE
from eligibench.results import ResultStore
from tests.leaderboard.synthetic import fake_households, write_run


@pytest.fixture(scope="module")
def project(tmp_path_factory):
    """A project folder with a board store (good, bad, good's near twin) and a development store (dev)."""
    root = tmp_path_factory.mktemp("proj")
    (root / "params.yaml").write_text("evaluate:\n  store: results/benyfits.duckdb\n", encoding="utf-8")
    (root / "results").mkdir()
    board, local = ResultStore(root / DEFAULT_STORE), ResultStore(root / LOCAL_STORE)
    hh = fake_households(20, 10)
    good = write_run(board, hh, "good", skill=0.95, questions=6, n_boot=20)
    twin = write_run(board, hh, "twin", skill=0.95, questions=6, n_boot=20, seed=0)
    bad = write_run(board, hh, "bad", skill=0.5, questions=6, n_boot=20)
    dev = write_run(local, hh, "mine", skill=0.9, questions=6, n_boot=20)
    return root, good, twin, bad, dev


def test_a_clear_gap_is_a_verdict_with_rank_ranges_and_the_detectable_difference(project, capsys, monkeypatch):
    root, good, _, bad, _ = project
    monkeypatch.chdir(root)
    assert main(["compare", good, bad, "--n-boot", "300"]) == 0
    verdict = capsys.readouterr().out.splitlines()[-1]
    assert verdict.startswith("Verdict: good is ahead of bad: the 95% interval of the TW-F1 difference [")
    m = re.search(r"good ranks (\S+) and bad ranks (\S+) of (\d+) entries of this protocol", verdict)
    assert m, verdict
    assert m.group(2) == m.group(3)  # the planted worst run is last in every replicate
    assert m.group(1).startswith("1")
    assert re.search(r"can detect a difference of \d+\.\d TW-F1 points and \d+\.\d F1 points "
                     r"\(two-sided alpha 0\.05, power 0\.8; paired bootstrap sd", verdict), verdict


def test_runs_of_equal_skill_are_called_tied(project, capsys, monkeypatch):
    root, good, twin, _, _ = project
    monkeypatch.chdir(root)
    assert main(["compare", good, twin, "--n-boot", "300", "--json"]) == 0
    doc = json.loads(capsys.readouterr().out)
    assert "are statistically tied" in doc["verdict"] and "includes 0" in doc["verdict"]
    assert doc["detectable"]["alpha"] == 0.05 and doc["detectable"]["tw_f1"] > 0
    assert doc["rank_ranges"][doc["b"]].endswith("3") is False  # neither is below the planted worst run


def test_compare_finds_a_development_run_without_store(project, capsys, monkeypatch):
    root, good, _, _, dev = project
    monkeypatch.chdir(root)
    assert main(["compare", dev, good, "--n-boot", "100"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("mine - good = ") and "Verdict: " in out
    # --store still narrows the search to one file
    assert main(["compare", dev, good, "--store", str(root / DEFAULT_STORE)]) == 2
    assert f"no run {dev!r}" in capsys.readouterr().err


def test_view_export_run_and_cost_find_a_development_run_without_store(project, capsys, monkeypatch):
    root, good, _, _, dev = project
    monkeypatch.chdir(root)
    assert main(["export-run", dev[:10], "--project", str(root)]) == 0
    doc = json.loads(capsys.readouterr().out)
    assert doc["run"]["run_id"] == dev and doc["store"].endswith(str(LOCAL_STORE))
    assert main(["view", dev[:10], "--project", str(root)]) == 0
    assert "mine" in capsys.readouterr().out
    assert main(["cost", dev[:10], "--params", str(root / "params.yaml")]) == 0
    out = capsys.readouterr().out
    assert dev[:8] in out and "development" in out
    assert main(["cost", good[:10], dev[:10], "--params", str(root / "params.yaml")]) == 0
    out = capsys.readouterr().out
    assert good[:8] in out and dev[:8] in out
    assert main(["cost", "nosuchrun", "--params", str(root / "params.yaml")]) == 2
    err = capsys.readouterr().err
    assert "nosuchrun" in err and str(LOCAL_STORE) in err


def test_the_same_run_id_in_both_stores_asks_for_store(tmp_path, capsys, monkeypatch):
    (tmp_path / "results").mkdir()
    hh = fake_households(6, 3)
    a = write_run(ResultStore(tmp_path / DEFAULT_STORE), hh, "same", n_boot=10)
    b = write_run(ResultStore(tmp_path / LOCAL_STORE), hh, "same", n_boot=10)
    assert a == b  # identical code and configuration: one run id
    monkeypatch.chdir(tmp_path)
    assert main(["export-run", a, "--project", str(tmp_path)]) == 2
    err = capsys.readouterr().err
    assert "pass --store to pick one" in err and str(LOCAL_STORE) in err
    assert main(["export-run", a, "--store", str(tmp_path / LOCAL_STORE)]) == 0


def test_the_boards_compare_view_gives_the_clis_verdict(project, capsys, monkeypatch):
    from leaderboard import queries as Q
    from leaderboard.paired import verdict

    root, good, _, bad, _ = project
    monkeypatch.chdir(root)
    assert main(["compare", good, bad, "--json"]) == 0
    cli = json.loads(capsys.readouterr().out)["verdict"].replace("good", "A").replace("bad", "B")
    with Q.open_source(root / DEFAULT_STORE).reader() as r:
        board = verdict(r, good, bad)
    assert board.endswith("\n\n" + cli), (board[-600:], cli)


def test_runs_on_different_protocols_are_refused_naming_what_differs(tmp_path, capsys, monkeypatch):
    """Not two protocol hashes: the settings, as the options that set them."""
    (tmp_path / "results").mkdir()
    store = ResultStore(tmp_path / LOCAL_STORE)
    hh = fake_households(6, 3)
    full = write_run(store, hh, "wide", n_boot=10)
    smoke = write_run(store, hh, "narrow", n_boot=10, kind="smoke")
    monkeypatch.chdir(tmp_path)
    assert main(["compare", full, smoke, "--store", str(tmp_path / LOCAL_STORE)]) == 2
    err = capsys.readouterr().err
    assert "were run under different settings" in err and "--households (diverse) 6 vs 2" in err, err
    assert not re.search(r"\b[0-9a-f]{12,}\b", err), err  # no hash
