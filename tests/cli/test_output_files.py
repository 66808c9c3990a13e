"""Nothing of the user's is overwritten by a command that writes one FILE (export-run --output,
evaluate --output, import-v1 --out, play --export-tlx): the results store it reads, any DuckDB
file, a new `.duckdb` name and a folder are refused whatever the flags; another existing file only
with --force (eligibench.cli.output_file). Before, `export-run RUN --store S --output S` replaced
the store S with the run's JSON, and every existing file was overwritten unasked."""
from __future__ import annotations

from pathlib import Path

import pytest

from eligibench.cli import main
from eligibench.results import ResultStore
from tests.leaderboard.synthetic import fake_households, write_run

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def project(tmp_path_factory):
    """A project with a board store holding one run, and a user's file and folder beside it."""
    proj = tmp_path_factory.mktemp("outfiles")
    (proj / "params.yaml").write_text((ROOT / "params.yaml").read_text())  # its evaluate.store: results/benyfits.duckdb
    (proj / "results").mkdir()
    run = write_run(ResultStore(proj / "results" / "benyfits.duckdb"), fake_households(3, 1), "board-agent", n_boot=5)
    (proj / "mine.json").write_text("the user's file\n")
    (proj / "folder").mkdir()
    return proj, run


def _refused(capsys, *words: str) -> str:
    err = capsys.readouterr().err.strip()
    assert len(err.splitlines()) == 1 and "Traceback" not in err, err
    for w in words:
        assert w in err, (w, err)
    return err


def _unchanged(proj: Path):
    store = proj / "results" / "benyfits.duckdb"
    before = (store.read_bytes(), (proj / "mine.json").read_text())
    yield
    assert (store.read_bytes(), (proj / "mine.json").read_text()) == before
    assert sorted(p.name for p in proj.iterdir()) == ["folder", "mine.json", "params.yaml", "results"]
    assert sorted(p.name for p in (proj / "results").iterdir()) == ["benyfits.duckdb"]


@pytest.fixture()
def unchanged(project):
    yield from _unchanged(project[0])


STORE = "results/benyfits.duckdb"


REFUSED = [(STORE, ("is the results store this command reads", "never written over")),
           ("folder", ("is a folder",)),
           ("results/new.duckdb", ("a .duckdb name is a results store's",))]


@pytest.mark.parametrize("target, words, flags", [(t, w, f) for t, w in REFUSED for f in ([], ["--force"])]
                         + [("mine.json", ("exists", "--force to replace it"), [])])
def test_export_run_never_writes_over_the_store_a_users_file_or_a_folder(project, unchanged, capsys, monkeypatch,
                                                                          target, words, flags):
    proj, run = project
    monkeypatch.chdir(proj)
    assert main(["export-run", run, "--output", target, *flags]) == 2
    _refused(capsys, f"--output {target}", *words)


def test_export_run_force_replaces_a_named_file_and_a_new_file_is_written(project, capsys, monkeypatch, tmp_path):
    proj, run = project
    monkeypatch.chdir(proj)
    theirs = tmp_path / "old.json"
    theirs.write_text("old")
    assert main(["export-run", run, "--output", str(theirs), "--force"]) == 0
    assert main(["export-run", run, "--output", str(tmp_path / "new.json")]) == 0
    assert theirs.read_text() == (tmp_path / "new.json").read_text() and run in theirs.read_text()


def test_a_copy_of_a_store_by_another_name_is_never_written_over(project, capsys, monkeypatch, tmp_path):
    proj, run = project
    monkeypatch.chdir(proj)
    copy = tmp_path / "backup.db"
    copy.write_bytes((proj / STORE).read_bytes())
    assert main(["export-run", run, "--output", str(copy), "--force"]) == 2
    _refused(capsys, "is a DuckDB database")
    assert copy.read_bytes() == (proj / STORE).read_bytes()


def test_play_export_tlx_never_writes_over_the_store_or_a_users_file(project, unchanged, capsys, monkeypatch):
    proj, _ = project
    monkeypatch.chdir(proj)
    assert main(["play", "--export-tlx", STORE, "--force"]) == 2
    _refused(capsys, "--export-tlx", "results store this command reads")
    assert main(["play", "--export-tlx", "mine.json"]) == 2
    _refused(capsys, "exists", "--force")


def test_import_v1_refuses_an_existing_file_before_reading_its_input(project, unchanged, capsys, monkeypatch):
    proj, _ = project
    monkeypatch.chdir(proj)
    assert main(["import-v1", "no-such-input.jsonl", "--out", "mine.json"]) == 2
    _refused(capsys, "--out mine.json", "exists")  # refused first: the missing input is not even read
    assert main(["import-v1", "no-such-input.jsonl", "--out", STORE, "--force"]) == 2
    _refused(capsys, "--out", "DuckDB database")


def test_evaluate_output_is_checked_before_the_run(project, unchanged, capsys, monkeypatch):
    proj, _ = project
    monkeypatch.chdir(ROOT)  # a real project: the submission and params resolve, the refusal comes before the run
    store = proj / STORE
    assert main(["evaluate", "submissions/random", "--store", str(store), "--output", str(store), "--force"]) == 2
    _refused(capsys, "is the results store this command reads")
    assert main(["evaluate", "submissions/random", "--store", str(store), "--output", str(proj / "mine.json")]) == 2
    _refused(capsys, "exists", "--force")
